// The suite runs as on a developer's machine wherever it runs. CI services set CI=true, which
// makes a build without site/urls.lock skip writing it; the tests that need that case set CI
// themselves, and every other build writes the lock as a local build does.
delete process.env.CI;
