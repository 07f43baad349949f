/** The names of an order entry as the console shows them: as entered, empty ones dropped, none changed. */

const filled = (names: string[]) => names.filter((n) => n !== '');

/** An entry's names as entered, each with the birth and death date typed beside it ('' for none). */
export const namesWithDates = (e: {
  tablet1: string;
  tablet2: string;
  tablet3: string;
  birth1: string;
  birth2: string;
  birth3: string;
  death1: string;
  death2: string;
  death3: string;
}) => {
  const names = [
    { name: e.tablet1, birth: e.birth1, death: e.death1 },
    { name: e.tablet2, birth: e.birth2, death: e.death2 },
    { name: e.tablet3, birth: e.birth3, death: e.death3 },
  ].filter((n) => n.name !== '');
  return {
    tablets: names.map((n) => n.name),
    births: names.map((n) => n.birth),
    deaths: names.map((n) => n.death),
  };
};

/** An entry's 阳上 names, as entered. */
export const petitionersOf = (e: {
  ys1: string;
  ys2: string;
  ys3: string;
  ys4: string;
  ys5: string;
  ys6: string;
}) => filled([e.ys1, e.ys2, e.ys3, e.ys4, e.ys5, e.ys6]);
