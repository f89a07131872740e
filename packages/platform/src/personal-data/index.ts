export {
  createKeyVault,
  forgetPersonalData,
  memorySubjectKeys,
  openPersonalDataVault,
  revealPersonalData,
  type SubjectKeys,
  sqliteSubjectKeys,
} from './key-vault.ts';
export {
  isSealedValue,
  type PersonalDataVault,
  type SealedValue,
  sealedSubject,
} from './personal-data-vault.ts';
