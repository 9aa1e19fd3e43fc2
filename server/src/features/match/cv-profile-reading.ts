import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CvReadersBusyError } from './extraction/cv-text.js';
import { keptCvContentType, safeCvFileName } from './extraction/kept-cv-file.js';
import { MULTIPART_LIMITS, readCvUpload, type CvUpload, type UploadOptions } from './extraction/upload.js';
import type { MatchService } from './match.service.js';
import {
  knownLanguageName,
  knownOccupationName,
  knownPlace,
  knownSkillName,
  profileSuggestions,
} from './profile/profile-concepts.js';
import { toSavedProfile } from './profile/saved-profile.js';

/**
 * What 'Min profil' (features/candidate-profile) uses of CV matching, handed over as a decorator
 * since one feature does not import another: the upload's reader and limits, the reading into a
 * SavedProfile by the shared CV readers, the kept file's name and type, and the concepts a
 * person may add by hand.
 */
export interface CvProfileReading {
  multipartLimits: typeof MULTIPART_LIMITS;
  readUpload(request: FastifyRequest, options: UploadOptions): Promise<CvUpload>;
  /** The CV's reading as a profile keeps it; full readers answer 503 with Retry-After, as /api/ai/match. */
  readProfile(upload: CvUpload, reply: FastifyReply): Promise<SavedProfile>;
  keptFileName(sent: string, content: Buffer): string;
  contentType(content: Buffer): string;
  suggestions: typeof profileSuggestions;
  occupationName: typeof knownOccupationName;
  skillName: typeof knownSkillName;
  languageName: typeof knownLanguageName;
  place: typeof knownPlace;
}

export function cvProfileReading(app: FastifyInstance, service: MatchService): CvProfileReading {
  return {
    multipartLimits: MULTIPART_LIMITS,
    readUpload: readCvUpload,
    async readProfile(upload, reply) {
      try {
        return toSavedProfile(await service.readProfile(upload));
      } catch (error) {
        if (error instanceof CvReadersBusyError) {
          reply.header('retry-after', error.retryAfterSeconds);
          app.metrics.cvRefused();
        }
        throw error;
      }
    },
    keptFileName: safeCvFileName,
    contentType: keptCvContentType,
    suggestions: profileSuggestions,
    occupationName: knownOccupationName,
    skillName: knownSkillName,
    languageName: knownLanguageName,
    place: knownPlace,
  };
}
