/** The volunteer portal home. */
export function PortalPage() {
  return (
    <section className="page">
      <h1>Your portal</h1>
    </section>
  );
}
