import { text, type Item } from '../sections/types.ts';

/** Roles as cards with initials (team and developer profiles; roles, never invented people). */
export function RoleList({ items }: { items: Item[] }) {
  return (
    <ul className="team">
      {items.map((m) => (
        <li key={m.id} className="team-member">
          <span className="avatar" aria-hidden="true">
            {text(m.initials)}
          </span>
          <h3>{text(m.role)}</h3>
          <p>{text(m.description)}</p>
        </li>
      ))}
    </ul>
  );
}
