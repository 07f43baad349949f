import { type Kysely, sql } from 'kysely';

/**
 * A statue niche is one physical place: whatever the material or statue chosen, it has at most
 * one holder. Until now every material had its own copy of each niche (location, group, row,
 * column), so a niche sold in 铜鎏金 was still free in 汉白玉 and could be sold again.
 *
 * The copies become one row per niche: the lowest id of each place is kept, orders and holders of
 * the other copies move to it, and a unique index on the place stands behind the seat lock. Where
 * two live orders held copies of one niche, a paid one keeps it before an unpaid one, then the
 * earliest; the other's holder row goes (its order and money stay as they are, for the temple to
 * settle). The material is the order's (statue_orders.material_id), no longer the seat's.
 * Stop every server process before it runs: an old process still reads statue_seats.material_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create temporary table niche_copies on commit drop as
      select id, min(id) over (partition by location, fx_group, row_no, col_no) as kept
      from statue_seats;

    -- Holders whose order no longer holds its place (closed, or an unpaid hold that ran out
    -- before the sweeper came) go first: they would be replaced by the next taker anyway.
    delete from seat_holders h
    using orders o
    where h.seat_kind = 'statue' and o.id = h.order_id
      and not (o.state in (1, 3) or (o.state = 0 and o.hold_until > now()));
    -- Of the live holders of one niche's copies, a paid (or refunding) order keeps the niche
    -- before an unpaid one, then the earliest; the others lose their holder row only.
    create temporary table niche_holders on commit drop as
      select h.order_id, row_number() over (
        partition by c.kept order by (o.state in (1, 3)) desc, h.order_id
      ) as rank
      from seat_holders h
      join niche_copies c on c.id = h.seat_id
      join orders o on o.id = h.order_id
      where h.seat_kind = 'statue';
    delete from seat_holders h
    using niche_holders r
    where h.seat_kind = 'statue' and h.order_id = r.order_id and r.rank > 1;
    update seat_holders h set seat_id = c.kept
    from niche_copies c
    where h.seat_kind = 'statue' and h.seat_id = c.id and c.id <> c.kept;
    update statue_orders o set seat_id = c.kept
    from niche_copies c
    where o.seat_id = c.id and c.id <> c.kept;

    delete from statue_seats s using niche_copies c where s.id = c.id and c.id <> c.kept;
    -- The catalogue version's deferred triggers fire now: a table with pending trigger events
    -- cannot be altered.
    set constraints all immediate;
    alter table statue_seats drop column material_id;
    create unique index statue_seats_place on statue_seats (location, fx_group, row_no, col_no);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index statue_seats_place;
    alter table statue_seats add column material_id integer not null default 0;
  `.execute(db);
}
