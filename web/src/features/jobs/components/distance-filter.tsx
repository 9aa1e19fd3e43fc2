import {
  DEFAULT_RADIUS_KM,
  isNearPosition,
  JOB_QUERY_PARAM_NAMES,
  nearPlaceNames,
  RADIUS_CHOICES_KM,
  radiusKmOf,
  roundedCoordinates,
} from '@jobbportalen/contracts';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import { useId, useState } from 'react';
import type { JobConditions } from '../job-conditions';

const collator = new Intl.Collator('sv');

let sortedPlaces: string[] | undefined;
/** The municipalities in Swedish order, sorted once: every server render of /jobb shows them. */
const placesInOrder = (): string[] => (sortedPlaces ??= [...nearPlaceNames()].sort(collator.compare));
/** The place select's value for the seeker's own position ('Nära mig'). */
const POSITION = 'position';
const RADIUS_CHOICES: ReadonlySet<number> = new Set(RADIUS_CHOICES_KM);

/** Why 'Nära mig' found no position, as the seeker reads it. */
function positionMessage(error: GeolocationPositionError | null): string {
  if (error?.code === 1)
    return 'Du har inte gett webbplatsen tillåtelse att se din position. Välj en ort i stället, eller tillåt platsåtkomst i webbläsaren.';
  return 'Din position kunde inte hämtas just nu. Försök igen, eller välj en ort.';
}

interface DistanceFilterProps {
  conditions: JobConditions;
  change: (next: Partial<JobConditions>) => void;
  counts: FilterCounts['radiusKm'] | undefined;
  /** Whether the page runs with JavaScript (useScripted): without it the form submits as is. */
  scripted: boolean;
}

/**
 * 'Avstånd': a place (every municipality), the radius around it, and 'Nära mig', which asks the
 * browser for the position only when clicked and keeps it rounded to about 1 km in the URL.
 * Without JavaScript the place and the radius submit with the panel's form ('Nära mig' needs the
 * script): the position option then carries the position itself, and the radius is not disabled
 * without a place — the URL's rules drop a radius without a place, and the seeker can pick both in
 * one submit.
 */
export function DistanceFilter({ conditions, change, counts, scripted }: DistanceFilterProps) {
  const placeId = useId();
  const radiusId = useId();
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const places = placesInOrder();
  const near = conditions.near;
  const atPosition = near !== undefined && isNearPosition(near);

  // With JavaScript the option is POSITION, as the select's value has always read.
  const positionValue = scripted || near === undefined ? POSITION : near;

  const choosePlace = (value: string) => {
    setMessage(null);
    if (value === positionValue) return;
    if (value === '') {
      // Without a place the radius and 'Närmast' mean nothing.
      change({
        near: undefined,
        radiusKm: undefined,
        sort: conditions.sort === 'distance' ? undefined : conditions.sort,
      });
    } else change({ near: value });
  };

  const locate = () => {
    setMessage(null);
    if (!('geolocation' in navigator)) {
      setMessage('Din webbläsare kan inte visa din position. Välj en ort i stället.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        change({
          near: roundedCoordinates({ lat: position.coords.latitude, lng: position.coords.longitude }),
        });
      },
      (error) => {
        setLocating(false);
        setMessage(positionMessage(error));
      },
      // A town-level position is enough, and a recent one will do.
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <fieldset className="field condition-group distance-filter">
      <legend className="label">Avstånd</legend>
      <div className="field">
        <label htmlFor={placeId}>Plats</label>
        <select
          id={placeId}
          name={JOB_QUERY_PARAM_NAMES.near}
          value={atPosition ? positionValue : (near ?? '')}
          onChange={(event) => choosePlace(event.target.value)}
        >
          <option value="">Ingen plats</option>
          {atPosition ? <option value={positionValue}>Min position</option> : null}
          {places.map((place) => (
            <option key={place} value={place}>
              {place}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={radiusId}>Inom</label>
        <select
          id={radiusId}
          name={JOB_QUERY_PARAM_NAMES.radiusKm}
          value={radiusKmOf(conditions)}
          disabled={scripted && near === undefined}
          onChange={(event) => {
            const km = Number(event.target.value);
            change({ radiusKm: km === DEFAULT_RADIUS_KM ? undefined : km });
          }}
        >
          {/* A radius from a hand-edited link stays shown as it is. */}
          {RADIUS_CHOICES.has(radiusKmOf(conditions)) ? null : (
            <option value={radiusKmOf(conditions)}>{radiusKmOf(conditions)} km</option>
          )}
          {RADIUS_CHOICES_KM.map((km) => {
            const count = counts?.[km];
            const chosen = radiusKmOf(conditions) === km;
            return (
              <option key={km} value={km} disabled={count === 0 && !chosen}>
                {km} km{count === undefined ? '' : ` (${count})`}
              </option>
            );
          })}
        </select>
      </div>
      {/* Only with JavaScript: the position comes from the browser's script API. */}
      {scripted ? (
        <button type="button" className="button secondary" onClick={locate} disabled={locating}>
          {locating ? 'Hämtar position …' : 'Nära mig'}
        </button>
      ) : null}
      {message ? (
        <p className="alert error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
