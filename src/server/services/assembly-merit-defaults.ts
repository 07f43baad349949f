/**
 * The merit items every assembly type offers beside its tablets (功德项目: lamps, flowers, a meal
 * for the sangha, incense oil), at their unit price in yuan: the seed's assemblies and every
 * assembly made in the console get these.
 */
export const DEFAULT_ASSEMBLY_MERIT_ITEMS = [
  { item_no: 'GD01', name: '佛前供灯', unit: 50 },
  { item_no: 'GD02', name: '佛前供花', unit: 100 },
  { item_no: 'GD03', name: '斋僧供众', unit: 200 },
  { item_no: 'GD04', name: '添香油', unit: 30 },
] as const;

/** The rows of `assembly_merit_items` for one type of an assembly. */
export const defaultMeritRows = (assemblyId: number, hoeType: string) =>
  DEFAULT_ASSEMBLY_MERIT_ITEMS.map((item, sort) => ({
    assembly_id: assemblyId,
    hoe_type: hoeType,
    item_no: item.item_no,
    name: item.name,
    unit_price_fen: item.unit * 100,
    sort,
  }));
