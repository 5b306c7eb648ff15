/** A field people never see or fill; bots do, and the server stores their submission as spam. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${id}-website`}>Website</label>
      <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
