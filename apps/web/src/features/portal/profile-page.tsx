/** The signed-in user's profile (two-factor and consent panels come later). */
export function ProfilePage() {
  return (
    <section className="page">
      <h1>Your profile</h1>
    </section>
  );
}
