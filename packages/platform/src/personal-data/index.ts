export {
  createKeyVault,
  forgetPersonalData,
  memorySubjectKeys,
  openPersonalDataVault,
  openSubjectKeys,
  type PersonalDataKeysTarget,
  revealPersonalData,
  type SubjectKeys,
  sqliteSubjectKeys,
} from './key-vault.ts';
export { mongoSubjectKeys } from './mongo-subject-keys.ts';
export {
  isSealedValue,
  type PersonalDataVault,
  type SealedValue,
  sealedSubject,
} from './personal-data-vault.ts';
