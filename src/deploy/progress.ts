/** What a deploy tells the person (or the CI log) while it runs. */
export interface DeployProgress {
  group(name: string, files: number, bytes: number): void;
  uploaded(path: string, bytes: number): void;
  line(text: string): void;
  finish(): void;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A bar redrawn in place on a terminal; one plain line per group in CI, where redraws would be noise. */
export function createProgress(options: {
  stream: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean };
  totalFiles: number;
  totalBytes: number;
}): DeployProgress {
  const { stream } = options;
  const tty = stream.isTTY === true && !process.env.CI;
  let files = 0;
  let bytes = 0;
  let current = '';
  let drawn = false;
  const draw = () => {
    const width = 24;
    const share = options.totalBytes > 0 ? bytes / options.totalBytes : files / Math.max(1, options.totalFiles);
    const full = Math.round(share * width);
    stream.write(
      `\r\x1b[2K[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${files}/${options.totalFiles} files, ${formatBytes(bytes)} of ${formatBytes(options.totalBytes)}  ${current}`,
    );
    drawn = true;
  };
  const clear = () => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    group(name, count, size) {
      current = name;
      if (tty) draw();
      else stream.write(`uploading ${name}: ${count} file${count === 1 ? '' : 's'}, ${formatBytes(size)}\n`);
    },
    uploaded(_path, size) {
      files += 1;
      bytes += size;
      if (tty) draw();
    },
    line(text) {
      if (tty) clear();
      stream.write(`${text}\n`);
      if (tty && files < options.totalFiles) draw();
    },
    finish() {
      if (tty) clear();
    },
  };
}
