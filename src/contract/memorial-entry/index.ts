/**
 * The memorial-entry form model (spec 000 sections 3-5): the deceased (往生) and blessing (延生)
 * dialogs of the assembly registration and the ceremony booking, their seat-type list and group
 * rule, the options and disabled states as pure functions, one valibot schema per dialog per
 * variant with the spec's messages, and the wire entries (jyList / zzList / ysList) the server
 * re-validates with the same rules.
 */

export { birthDateLimits, type DateLimits, deathDateLimits, isoDay } from './dates';
export {
  type BlessingField,
  type BlessingForm,
  blessingMaxLength,
  changeDeceasedField,
  type DeceasedField,
  type DeceasedForm,
  type EntryType,
  emptyBlessingForm,
  emptyDeceasedForm,
  isBlessingEnabled,
  isNameDisabled,
  isShangDisabled,
  isTabletEnabled,
  isTabletFilled,
  type MemorialEntry,
  nameMaxLength,
  namePlaceholder,
  SHANG_FIELDS,
  seatOptions,
  TABLETS,
  type TabletIndex,
  tabletName,
} from './forms';
export {
  assemblyBlessingForm,
  assemblyDeceasedForm,
  BLESSING_FIELDS,
  blessingFormSchema,
  ceremonyBlessingForm,
  ceremonyDeceasedForm,
  DECEASED_FIELDS,
  deceasedFormSchema,
  type FieldErrors,
  type Judgement,
  judgeBlessingForm,
  judgeDeceasedForm,
} from './schemas';
export {
  ALL_BEINGS,
  ANCESTORS,
  allSeats,
  CREDITORS,
  type EntryOptions,
  type EntryVariant,
  MEMORIAL_MESSAGES,
  OTHER_SEAT,
  SEAT_GROUP_ONE,
  SEPARATE_SEATS,
  SEVEN_GENERATIONS,
  SITE_GUARDIAN,
  seatGroupOf,
  UNBORN_INFANT,
} from './seats';
export {
  type AssemblyJyEntry,
  type AssemblyJyEntryInput,
  type AssemblyZzEntry,
  type AssemblyZzEntryInput,
  assemblyJyEntry,
  assemblyJyEntryFor,
  assemblyZzEntry,
  assemblyZzEntryFor,
  type CeremonyJyEntry,
  type CeremonyJyEntryInput,
  type CeremonyYsEntry,
  type CeremonyZzEntry,
  type CeremonyZzEntryInput,
  ceremonyJyEntry,
  ceremonyYsEntry,
  ceremonyZzEntry,
  entryLength,
  jyText,
  parseJyText,
  type TabletText,
  tabletText,
  toJyEntry,
  toYsEntry,
  toZzEntry,
} from './wire';
