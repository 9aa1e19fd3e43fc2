import type { MatchProfile } from '@jobbportalen/contracts/api/match';

const rows: { key: Exclude<keyof MatchProfile, 'yearsOfExperience'>; label: string }[] = [
  { key: 'occupations', label: 'Yrken' },
  { key: 'skills', label: 'Kompetenser' },
  { key: 'languages', label: 'Språk' },
  { key: 'drivingLicences', label: 'Körkort' },
  { key: 'locations', label: 'Orter' },
];

/** What the matcher read from the CV, so the visitor can judge (and improve) the suggestions. */
export function CvProfilePanel({ profile }: { profile: MatchProfile }) {
  const years = profile.yearsOfExperience;
  return (
    <section className="card cv-profile" aria-labelledby="cv-profile-title">
      <h2 id="cv-profile-title">Det här förstod vi av ditt CV</h2>
      <dl className="profile-list">
        {rows.map(({ key, label }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {profile[key].length > 0 ? (
                <ul className="chip-list">
                  {profile[key].map((value) => (
                    <li key={value} className="tag">
                      {value}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="muted-text">Inget hittades</span>
              )}
            </dd>
          </div>
        ))}
        <div>
          <dt>Erfarenhet</dt>
          <dd>
            {years === null ? <span className="muted-text">Framgick inte</span> : `${years} års erfarenhet`}
          </dd>
        </div>
      </dl>
      <p className="field-hint">
        Saknas något? Skriv det tydligt i ditt CV eller ditt personliga brev och matcha igen.
      </p>
    </section>
  );
}
