import { JOB_QUERY_PARAM_NAMES } from '@jobbportalen/contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { JOBS_PATH } from '../../lib/jobs-url-state';
import { jobSearchHref, nextActiveIndex } from './search-target';
import { useSuggestions } from './use-suggestions';

/**
 * Search box with suggestions, built as the ARIA 1.2 "combobox with listbox popup": focus stays in
 * the input, arrow keys move a highlight that aria-activedescendant points at, Enter picks the
 * highlighted suggestion (or searches the typed text), Escape closes the list, then clears the box.
 * Without JavaScript it is a plain GET form to /jobb with the text as `search`, which the job
 * browser reads as any link; with it, the submit navigates in the page.
 */
export function JobSearchCombobox() {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [listWanted, setListWanted] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const suggestions = useSuggestions(text);
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const optionId = (index: number): string => `${ids}-option-${index}`;

  const open = listWanted && suggestions.length > 0;
  const active = open && activeIndex < suggestions.length ? activeIndex : -1;

  const go = (term: string): void => navigate(jobSearchHref(term));

  const close = (): void => {
    setListWanted(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (suggestions.length === 0) return;
        event.preventDefault();
        setListWanted(true);
        setActiveIndex(nextActiveIndex(active, suggestions.length, event.key === 'ArrowDown' ? 1 : -1));
        return;
      }
      case 'Enter': {
        const chosen = active >= 0 ? suggestions[active] : undefined;
        if (chosen !== undefined) {
          event.preventDefault();
          go(chosen);
        }
        return;
      }
      case 'Escape': {
        event.preventDefault();
        if (open) close();
        else setText('');
        return;
      }
      case 'Tab':
        close();
        return;
      default:
        return;
    }
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    go(text);
  };

  return (
    <form role="search" className="job-search" method="get" action={JOBS_PATH} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="job-search-label">
        Sök bland lediga jobb
      </label>
      <div className="job-search-row">
        <div className="combobox">
          <input
            id={inputId}
            type="text"
            name={JOB_QUERY_PARAM_NAMES.text}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Yrke, ort eller företag"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setListWanted(true);
              setActiveIndex(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          <ul id={listId} role="listbox" aria-label="Sökförslag" className="combobox-list" hidden={!open}>
            {suggestions.map((suggestion, index) => (
              <li
                key={`${index}-${suggestion}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="combobox-option"
                // mousedown would blur the input (and close the list) before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(suggestion)}
              >
                {suggestion}
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className="button accent">
          Sök
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {open ? `${suggestions.length} förslag. Välj med pil upp och pil ned, bekräfta med Enter.` : ''}
      </p>
    </form>
  );
}
