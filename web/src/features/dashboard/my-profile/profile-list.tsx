import { useId, type ReactNode } from 'react';

export interface ProfileListItem {
  key: string;
  /** What the list shows ('Systemutvecklare, 5 år'). */
  label: string;
  /** What the remove button names ('Ta bort Systemutvecklare'). */
  name: string;
}

interface ProfileListProps {
  title: string;
  items: ProfileListItem[];
  empty: string;
  busy: boolean;
  onRemove: (index: number) => void;
  /** The list's 'add' field. */
  children?: ReactNode;
}

/** One list of 'Min profil': each item removable by a button that says what it removes. */
export function ProfileList({ title, items, empty, busy, onRemove, children }: ProfileListProps) {
  const headingId = useId();
  return (
    <section className="profile-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {items.length > 0 ? (
        <ul className="profile-items">
          {items.map((item, index) => (
            <li key={item.key} className="profile-item">
              <span>{item.label}</span>
              <button
                type="button"
                className="profile-item-remove"
                disabled={busy}
                onClick={() => onRemove(index)}
              >
                Ta bort<span className="visually-hidden"> {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field-hint">{empty}</p>
      )}
      {children}
    </section>
  );
}
