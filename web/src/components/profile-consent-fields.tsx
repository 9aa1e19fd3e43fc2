import { useId } from 'react';
import { Link } from 'wouter';

interface ProfileConsentFieldsProps {
  keepCv: boolean;
  onKeepCvChange: (keepCv: boolean) => void;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  disabled?: boolean;
}

/**
 * What keeping a CV in 'Min profil' means and the owner's say in it: 'Spara även CV-filen'
 * (off until ticked), the consent text with its /integritet link, and the consent checkbox.
 * One copy for the dashboard's upload form and 'Spara som min profil' on 'Matcha mig'.
 */
export function ProfileConsentFields({
  keepCv,
  onKeepCvChange,
  consent,
  onConsentChange,
  disabled = false,
}: ProfileConsentFieldsProps) {
  const ids = useId();
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          name="keepCv"
          checked={keepCv}
          disabled={disabled}
          onChange={(event) => onKeepCvChange(event.target.checked)}
        />
        Spara även CV-filen
      </label>
      <p id={`${ids}-consent-text`} className="field-hint profile-consent-text">
        Vi läser ditt CV i minnet och sparar det vi läste ut – yrken, kompetenser, språk, körkort, orter och
        år av erfarenhet – tills du tar bort profilen eller ditt konto. Själva filen sparas bara om du kryssar
        i rutan ovan. <Link href="/integritet">Läs om hur vi hanterar dina uppgifter</Link>
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          name="consent"
          required
          aria-describedby={`${ids}-consent-text`}
          checked={consent}
          disabled={disabled}
          onChange={(event) => onConsentChange(event.target.checked)}
        />
        Jag godkänner att uppgifterna ur mitt CV sparas i min profil
      </label>
    </>
  );
}
