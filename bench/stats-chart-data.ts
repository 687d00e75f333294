// The series every chart benchmark draws: thirty days, one without any action (a gap in the lines).

export function thirtyDays() {
  return Array.from({ length: 30 }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, "0")}`,
    reports: 5 + ((index * 7) % 23),
    medianMinutes: index === 12 ? null : 20 + ((index * 11) % 40),
    p90Minutes: index === 12 ? null : 90 + ((index * 13) % 120),
  }));
}
