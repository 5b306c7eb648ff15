import type { RootProps } from '../src/shared/template-contract.ts';
import { CookieNotice } from './components/CookieNotice.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import { SiteProvider } from './lib/site-context.tsx';

/** Wraps every page: providers, skip link, navbar and footer (section previews show the section alone). */
export default function Root({ shared, slices, pageContext, template, children }: RootProps) {
  const bare = template === 'section-preview';
  return (
    <SiteProvider shared={shared} pageContext={pageContext} slices={slices}>
      {bare ? (
        <main id="main">{children}</main>
      ) : (
        <>
          <a className="skip-link" href="#main">
            {shared.messages['common.skip-to-content'] ?? 'Skip to content'}
          </a>
          <Navbar links={slices.navbar?.links ?? []} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer links={slices.footer?.links ?? []} />
          <CookieNotice />
        </>
      )}
    </SiteProvider>
  );
}
