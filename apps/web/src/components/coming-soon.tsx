/** Placeholder body for screens that are not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="card p-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-[var(--ink-muted)]">Coming soon.</p>
    </section>
  );
}
