export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>Easel · Every work is an original, sold by the artist who made it.</p>
      </div>
    </footer>
  );
}
