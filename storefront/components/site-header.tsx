export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="wordmark" href="/">
          Easel
        </a>
        <p className="site-header__pitch">Original art, straight from the artists.</p>
      </div>
    </header>
  );
}
