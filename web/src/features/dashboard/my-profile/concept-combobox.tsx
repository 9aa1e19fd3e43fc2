import type { ProfileSuggestion, ProfileSuggestionKind } from '@jobbportalen/contracts/api/candidate-profile';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { fetchProfileSuggestions } from './profile-api';

const DEBOUNCE_MS = 200;

interface Answer {
  typed: string;
  items: ProfileSuggestion[];
}

/** Suggestions for what is typed, after a short pause; a failed lookup gives none. */
function useProfileSuggestions(kind: ProfileSuggestionKind, typed: string): ProfileSuggestion[] {
  const trimmed = typed.trim();
  const [answer, setAnswer] = useState<Answer>({ typed: '', items: [] });
  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchProfileSuggestions(kind, trimmed, controller.signal)
        .catch((): ProfileSuggestion[] => [])
        .then((items) => {
          if (!controller.signal.aborted) setAnswer({ typed: trimmed, items });
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [kind, trimmed]);
  return trimmed && answer.typed ? answer.items : [];
}

const nextIndex = (current: number, count: number, step: 1 | -1): number => {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
};

interface ConceptComboboxProps {
  kind: ProfileSuggestionKind;
  /** The field's visible label ('Lägg till kompetens'). */
  label: string;
  /** Names already in the list: not offered again. */
  taken: ReadonlySet<string>;
  disabled: boolean;
  onPick: (suggestion: ProfileSuggestion) => void;
}

/**
 * An 'add' field of 'Min profil': the house combobox (ARIA 1.2 combobox with a listbox popup, as
 * the job search box): arrows move the highlight, Enter adds it, Escape closes the list, then
 * empties the field. Only what the server suggests can be added, so no free text reaches the profile.
 */
export function ConceptCombobox({ kind, label, taken, disabled, onPick }: ConceptComboboxProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [listWanted, setListWanted] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const suggestions = useProfileSuggestions(kind, text).filter((item) => !taken.has(item.name));
  const open = listWanted && suggestions.length > 0;
  const active = open && activeIndex < suggestions.length ? activeIndex : -1;
  const optionId = (index: number): string => `${ids}-option-${index}`;

  const close = (): void => {
    setListWanted(false);
    setActiveIndex(-1);
  };
  const pick = (suggestion: ProfileSuggestion): void => {
    onPick(suggestion);
    setText('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (suggestions.length === 0) return;
        event.preventDefault();
        setListWanted(true);
        setActiveIndex(nextIndex(active, suggestions.length, event.key === 'ArrowDown' ? 1 : -1));
        return;
      case 'Enter': {
        event.preventDefault();
        const chosen = active >= 0 ? suggestions[active] : undefined;
        if (chosen) pick(chosen);
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open) close();
        else setText('');
        return;
      case 'Tab':
        close();
        return;
      default:
        return;
    }
  };

  return (
    <div className="field concept-add">
      <label htmlFor={`${ids}-input`}>{label}</label>
      <div className="combobox profile-combobox">
        <input
          id={`${ids}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${ids}-list`}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setListWanted(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul
          id={`${ids}-list`}
          role="listbox"
          aria-label={`Förslag: ${label}`}
          className="combobox-list"
          hidden={!open}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox-option"
              // mousedown would blur the input (and close the list) before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion.name}
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" role="status">
        {open ? `${suggestions.length} förslag. Välj med pil upp och pil ned, lägg till med Enter.` : ''}
      </p>
    </div>
  );
}
