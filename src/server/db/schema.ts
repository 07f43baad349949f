import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: written as a Date, read as a Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column: written as JSON text, read as the parsed value. */
type Json<T> = ColumnType<T, string, string>;

export interface Database {
  site_settings: { key: string; value: Json<unknown> };
  users: {
    id: Generated<number>;
    phone: string;
    real_name: string | null;
    user_type: Generated<number>;
    created_at: Timestamp;
  };
  sms_codes: {
    id: Generated<number>;
    phone: string;
    purpose: string;
    code_hash: string;
    wrong_tries: Generated<number>;
    created_at: Timestamp;
    expires_at: Timestamp;
    used_at: Timestamp | null;
  };
  auth_tokens: {
    token_hash: string;
    user_id: number;
    created_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
  };
  dictionary_items: {
    dict_key: string;
    item_no: string;
    cn_name: string;
    ext_int1: number | null;
    ext_int2: number | null;
    ext_text1: string | null;
    sort: number;
  };
  assemblies: {
    id: Generated<number>;
    name: string;
    year: number;
    lunar_time: string;
    start_date: string;
    end_date: string;
    image: string;
    particulars: string;
    has_leader_tablet: boolean;
    sort: number;
    /** The two new-year-eve assemblies: one entry per order. */
    new_year_eve: Generated<boolean>;
    /** The festival whose deceased seats include 七世父母 (盂兰盆). */
    seven_generations: Generated<boolean>;
    /** The wisdom assembly: blessing names of at most 4 characters. */
    wisdom: Generated<boolean>;
    /** The merit-amount choice with a free amount (minimum 10 yuan). */
    free_amount: Generated<boolean>;
    /** The general water-land ceremony (its 往生/延生 tablet filter). */
    water_land: Generated<boolean>;
    /** Shown to believers; a draft made in the console is not (migration 0018). */
    published: Generated<boolean>;
    /** Moves on every console save: a save read at an older version is refused (409). */
    version: Generated<number>;
  };
  /** The places of an assembly type: a registration holds them while paid or unexpired; NULL is unlimited. */
  assembly_places: {
    assembly_id: number;
    hoe_type: string;
    capacity: number | null;
    sort: Generated<number>;
    /** No new registration; those made keep their place (a type with registrations is never deleted). */
    withdrawn: Generated<boolean>;
  };
  assembly_prices: {
    assembly_id: number;
    hoe_type: string;
    tablet_type: string;
    tablet_price_fen: number;
    gdj_fen: number;
  };
  assembly_merit_items: {
    assembly_id: number;
    hoe_type: string;
    item_no: string;
    name: string;
    unit_price_fen: number;
    sort: number;
  };
  merit_items: {
    id: Generated<number>;
    name: string;
    image: string;
    particulars: string;
    price_model: string;
    gd_type: string;
    /** PRICE_MODEL 1: [unit price]; 2: the amounts offered; other: unused. */
    prices_fen: Json<number[]>;
    /** PRICE_MODEL other: the names to choose from (GDM), each with its own price. */
    choices: Json<{ item: string; name: string; priceFen: number; withdrawn?: boolean }[]>;
    sort: number;
    channel: number;
    /** Shown to believers and offered; a draft or a withdrawn item is not (migration 0019). */
    published: Generated<boolean>;
    /** Moves on every console save: a save read at an older version is refused (409). */
    version: Generated<number>;
  };
  /** What a merit order (kind 5) was priced from: its item, and the choice of a model-3 item. */
  merit_orders: { order_id: number; merit_item_id: number; choice_item: string | null };
  ceremony_types: {
    fs_type: string;
    name: string;
    image: string;
    particulars: string;
    sort: number;
    /** Moves on every console save (migration 0022): a save read at an older version is refused (409). */
    version: Generated<number>;
  };
  ceremony_prices: {
    fs_type: string;
    tablet_type: string;
    tier: string;
    price_fen: number;
    sort: number;
    /** No new booking at this price; bookings made keep their place (migration 0022). */
    withdrawn: Generated<boolean>;
  };
  ceremony_slots: { time_label: string; sessions: number; sort: number; withdrawn: Generated<boolean> };
  /** The slots' list version (one row): a slots save read at an older one is refused (409). */
  ceremony_slot_list: { id: Generated<number>; version: number };
  festival_days: { day: string; name: string };
  statue_locations: {
    location: number;
    name: string;
    en_name: string;
    image: string;
    particulars: string;
    version: Generated<number>;
  };
  statues: {
    id: Generated<number>;
    location: number;
    name: string;
    en_name: string;
    sort: number;
    withdrawn: Generated<boolean>;
  };
  statue_materials: {
    id: Generated<number>;
    location: number;
    name: string;
    sort: number;
    withdrawn: Generated<boolean>;
  };
  statue_groups: {
    location: number;
    fx_group: string;
    name: string;
    ng_price_fen: number;
    cg_price_fen: number;
    closed: boolean;
    sort: number;
    version: Generated<number>;
  };
  /** One row per physical niche (location, group, row, column), whatever the material ordered. */
  statue_seats: {
    id: Generated<number>;
    location: number;
    fx_group: string;
    row_no: number;
    col_no: number;
    /** 1 not selectable, 5 free; sold/booked states come from orders. */
    base_status: number;
  };
  tablet_types: {
    pw_type: number;
    name: string;
    image: string;
    particulars: string;
    sort: number;
    /** Moves on every console save (migration 0021): a save read at an older version is refused (409). */
    version: Generated<number>;
  };
  tablet_categories: {
    fs_type: number;
    name: string;
    image: string;
    particulars: string;
    version: Generated<number>;
  };
  tablet_groups: {
    pw_type: number;
    floor: number;
    pw_group: string;
    name: string;
    sort: number;
    closed: Generated<boolean>;
    /** Guards the group's name, closure, price and seat map (migration 0021). */
    version: Generated<number>;
  };
  tablet_seats: {
    id: Generated<number>;
    pw_type: number;
    floor: number;
    pw_group: string;
    row_no: number;
    col_no: number;
    price_fen: number;
    base_status: number;
  };
  news: {
    id: Generated<number>;
    menu_id: number;
    title: string;
    sub_title: string;
    image_url: string;
    content: string;
    link: string | null;
    video_url: string | null;
    business_mode: string;
    fh_name: string | null;
    new_date: string;
    status: number;
    /** Moves on every console save: a save read at an older version is refused (409, migration 0017). */
    version: Generated<number>;
    /** A published item shows from this instant on (NULL: at once); later than now: scheduled. */
    publish_at: Timestamp | null;
    /** The home carousel's order (menu 1): positioned first, ascending; NULL after them, newest first. */
    carousel_position: number | null;
    updated_by: number | null;
    updated_at: Timestamp | null;
    /** A video's captions (`/media/uploads/<name>.vtt`); NULL: none, or a seed film's shipped ones (0023). */
    captions_url: Generated<string | null>;
  };
  wishes: {
    id: Generated<number>;
    name: string;
    wish: string;
    created_at: Timestamp;
    order_id: number | null;
  };
  orders: {
    id: Generated<number>;
    out_trade_no: string;
    user_id: number;
    type: number;
    /** Wire orderState: 0 reserved, 1 paid, 3 refunding, 4 refunded, 5 closed. */
    state: number;
    /** What settles the order: paid online, or at the counter for a reservation (a ceremony: its deposit). */
    amount_fen: number;
    /** The whole price of what was ordered (0024); more than amount_fen where a deposit settles it. */
    price_fen: number;
    description: string;
    payload: Json<unknown>;
    created_at: Timestamp;
    hold_until: Timestamp;
    paid_at: Timestamp | null;
    closed_at: Timestamp | null;
    /** Reservation only: no QR, held 7 days, paid at the temple. */
    reservation: Generated<boolean>;
    /** The client's key for one confirmation; unique per believer. */
    idempotency_key: string | null;
    /** What the order is for (its kind's `subjectOf`): an unpaid one is resumed or replaced. */
    subject: string | null;
  };
  /**
   * An order offered on one channel at the gateway (0025): a trade number of its own (the first
   * attempt's is the order's), what the gateway returned for it, and when the reconciliation
   * last asked about it. A reservation has none.
   */
  payment_attempts: {
    id: Generated<number>;
    order_id: number;
    out_trade_no: string;
    channel: 'native' | 'jsapi' | 'h5';
    /** JSAPI: the payer's openid under the temple's AppID. */
    openid: string | null;
    /** H5: the payer's address, as WeChat requires it. */
    client_ip: string | null;
    /** What the gateway returned: Native's QR content, JSAPI's prepay_id, H5's cashier address. */
    code_url: string | null;
    prepay_id: string | null;
    h5_url: string | null;
    created_at: Timestamp;
    /** When what the gateway returned was stored (0026): an h5_url is asked again after 5 minutes. */
    answered_at: Timestamp | null;
    gateway_checked_at: Timestamp | null;
    /** Closed at the gateway (its hold ended, the order cancelled, or a later attempt replaced it). */
    closed_at: Timestamp | null;
  };
  /** A page in WeChat whose web-login code the server exchanged (0027): the token's hash and the openid. */
  wechat_visits: {
    token_hash: string;
    openid: string;
    created_at: Timestamp;
  };
  /** A believer's consent to keep their openid under the temple's 服务号 (0027). */
  wechat_bindings: {
    user_id: number;
    openid: string;
    bound_at: Timestamp;
  };
  /** The 服务号's access_token, shared by every instance (0028): one per AppID, refreshed by one. */
  wechat_access_tokens: {
    appid: string;
    token: string;
    expires_at: Timestamp;
  };
  order_items: {
    id: Generated<number>;
    order_id: number;
    name: string;
    item_code: string | null;
    quantity: number;
    unit_price_fen: number;
    amount_fen: number;
    wish: string | null;
    /** The donor's name the line is offered under (merit: GD_FM). */
    donor_name: string | null;
  };
  /** What a registration (order kind 1) was priced with. */
  assembly_orders: {
    order_id: number;
    assembly_id: number;
    hoe_type: string;
    tablet_type: string;
    quantity: number;
    gdj_fen: number;
  };
  /** The entries of an order as entered: a deceased (JY1..3, YS1..6) or a blessing (ZZ1..3 in tablet1..3). */
  order_entries: {
    order_id: number;
    position: number;
    kind: '往生' | '延生';
    tablet1: string;
    tablet2: string;
    tablet3: string;
    ys1: string;
    ys2: string;
    ys3: string;
    ys4: string;
    ys5: string;
    ys6: string;
    /** The ceremony's dates of each name (YYYY-MM-DD or ''); empty in assembly entries. */
    birth1: Generated<string>;
    birth2: Generated<string>;
    birth3: Generated<string>;
    death1: Generated<string>;
    death2: Generated<string>;
    death3: Generated<string>;
  };
  /** A single-family ceremony booking (order kind 2): one session of a slot on a day. */
  ceremony_orders: {
    order_id: number;
    fs_type: string;
    day: string;
    time_label: string;
    tablet_type: string;
    tier: string;
    price_fen: number;
    deposit_fen: number;
    cause: Generated<string>;
    address: Generated<string>;
    remark: Generated<string>;
    /** The date by which the believer comes to the temple: the deposit's day + 7, once paid. */
    come_by: string | null;
  };
  /** The places (a seat, a slot of a day, a quota) an order holds, as its kind named them. */
  order_places: { order_id: number; place: string; quantity: number };
  payments: {
    id: Generated<number>;
    order_id: number;
    gateway: string;
    transaction_id: string;
    amount_fen: number;
    paid_at: Timestamp;
    received_at: Timestamp;
    refund_due: Generated<boolean>;
    /** Why the temple must look at this payment: amount_mismatch, place_gone, already_paid, not_open. */
    flag: string | null;
    /** The refund of money owed back: one per payment, its number made from the payment's id. */
    out_refund_no: string | null;
    /** asked (we are asking the gateway), then processing, success, abnormal or closed as it reports. */
    refund_status: 'asked' | 'processing' | 'success' | 'abnormal' | 'closed' | null;
    refund_asked_at: Timestamp | null;
    refund_done_at: Timestamp | null;
    /** The trade the money came through (its attempt's number, 0025); null for money taken at the temple. */
    out_trade_no: string | null;
    /** Taken at the temple (gateway 'temple'): cash, pos, transfer or counterQr, the receipt, a note, who took it. */
    method: string | null;
    receipt_no: string | null;
    note: string | null;
    staff_id: number | null;
  };
  /** The SMS the temple promises, queued with their cause and sent once by the sweeper. */
  notifications: {
    id: Generated<number>;
    /** The SMS template (SmsTemplateName). */
    kind: string;
    /** What it is about (order:12, membership:3:2027-01-01, volunteer:5): one per kind and subject. */
    subject: string;
    phone: string;
    params: Json<Record<string, string>>;
    created_at: Timestamp;
    due_at: Timestamp;
    /** An instance sending it holds it until then. */
    claimed_until: Timestamp | null;
    attempts: Generated<number>;
    last_error: string | null;
    sent_at: Timestamp | null;
    /** Its subject changed before it was due (paid, cancelled, renewed): never sent. */
    dropped_at: Timestamp | null;
  };
  /** One row per held seat (primary key: one holder per seat); gone when its order closes. */
  seat_holders: { seat_kind: 'statue' | 'tablet'; seat_id: number; order_id: number };
  /** What a statue enshrinement (order kind 7) was priced with; offered_at once staff put it in place. */
  statue_orders: {
    order_id: number;
    seat_id: number;
    location: number;
    material_id: number;
    statue_id: number;
    fx_group: string;
    gf_type: string;
    price_fen: number;
    donor_names: string;
    remark: Generated<string>;
    offered_at: Timestamp | null;
    /** The end of a yearly (年供) term, set when paid and moved by renewals; null for 常供. */
    ends_on: string | null;
  };
  /** What a tablet place (order kind 3) was priced with. */
  tablet_orders: {
    order_id: number;
    seat_id: number;
    fs_type: string;
    pw_type: number;
    floor: number;
    pw_group: string;
    price_fen: number;
  };
  /** The names of a tablet order: the tablet's (FG_ZZ / FG_JY) and the descendants' (YS). */
  tablet_order_names: {
    order_id: number;
    role: 'tablet' | 'descendant';
    position: number;
    name: string;
    birth_day: Generated<string>;
  };
  /** The believer's profile beyond users (phone, real_name): 001 section 3. */
  believer_profiles: {
    user_id: number;
    address: Generated<string>;
    card_id: Generated<string>;
    tel_number: Generated<string>;
    post_code: Generated<string>;
    photo: Generated<string>;
    ssq_name: Generated<string>;
    ssq_code: Generated<string>;
    birth_date: Generated<string>;
    gender: Generated<string>;
    email: Generated<string>;
    updated_at: Timestamp;
  };
  /** The believer's one photo (its bytes; `id` is the random part of its URL). */
  believer_photos: {
    user_id: number;
    id: string;
    content_type: string;
    bytes: Uint8Array;
    byte_size: number;
    created_at: Timestamp;
  };
  /** An uploaded photograph of the temple (`/uploads/<id>`): the upload's facts, who and when. */
  content_images: {
    id: string;
    width: number;
    height: number;
    byte_size: number;
    uploaded_by: number | null;
    uploaded_by_name: string;
    uploaded_at: Timestamp;
  };
  /** A film or captions uploaded for the video gallery, kept on disk in the media folder (0023). */
  video_files: {
    name: string;
    kind: 'film' | 'captions';
    byte_size: number;
    uploaded_by: number | null;
    uploaded_by_name: string;
    uploaded_at: Timestamp;
  };
  /** One width of it, WebP (`/uploads/<id>-<width>.webp`). */
  content_image_variants: {
    image_id: string;
    width: number;
    bytes: Uint8Array;
  };
  /** A volunteer application's photo (not the profile photo); `id` is the random part of its URL. */
  volunteer_photos: {
    id: string;
    user_id: number;
    content_type: string;
    bytes: Uint8Array;
    byte_size: number;
    created_at: Timestamp;
  };
  /** A volunteer application (002 section 3); one pending per mobile (a partial unique index). */
  volunteer_applications: {
    id: Generated<number>;
    user_id: number;
    status: Generated<'pending' | 'approved' | 'rejected' | 'withdrawn'>;
    data_source: number;
    name: string;
    id_card: string;
    mobile: string;
    sex: string;
    nation: string;
    address: string;
    employer: string;
    photo_id: string;
    birth_date: string;
    age: string;
    fo_date: string;
    post_code: string;
    wechat: string;
    degree: string;
    physical_conditions: string;
    bool_convert: number;
    bool_gc: number;
    convert_date: string;
    convert_legal_name: string;
    convert_temple: string;
    ssq_code: string;
    ssq_name: string;
    time_available: number;
    week_days: string[];
    project_hc_ids: number[];
    project_hd_ids: number[];
    talent_ids: number[];
    created_at: Timestamp;
    review_note: string | null;
    reviewed_at: Timestamp | null;
    reviewed_by: number | null;
  };
  /** Activities the temple records for a believer's phone (活动历史). */
  activity_records: {
    id: Generated<number>;
    phone: string;
    active_name: string;
    start_date: string;
    end_date: string;
    create_user_name: string;
    created_at: Timestamp;
    amount_fen: Generated<number>;
    status: string;
  };
  /** A believer's membership of the charity society; hy_code and the dates once a join is paid. */
  memberships: {
    id: Generated<number>;
    user_id: number;
    hy_code: string | null;
    name: string;
    sex: string;
    birth_date: string;
    mobile: string;
    ssq_name: string[];
    ssq: string[];
    address: string;
    gfr: string[];
    ys: string[];
    photo: string;
    join_date: string | null;
    end_date: string | null;
    /** HY_STATUS as of the last payment; reads compute it from end_date and today. */
    hy_status: Generated<string>;
    created_at: Timestamp;
  };
  /** What a membership order (kind 6) was priced with, and whose membership it extends. */
  membership_orders: {
    order_id: number;
    membership_id: number;
    kind: 'join' | 'renew' | 'proxy';
    product_id: string;
    years: number;
    price_fen: number;
    relation: string | null;
  };
  /** A proxy lookup's answer (ID): lets its believer order a renewal of that member for a while. */
  member_lookup_tokens: { token: string; user_id: number; membership_id: number; expires_at: Timestamp };
  /** What a renewal (kind 4) of a yearly statue was priced with. */
  statue_renewals: {
    order_id: number;
    statue_order_id: number;
    years: number;
    price_fen: number;
    fx_yd_flag: string;
  };
  /** Hits per bucket and fixed window, shared by every instance. */
  staff_accounts: {
    id: Generated<number>;
    username: string;
    display_name: string;
    /** scrypt$N$r$p$salt$hash (base64url). */
    password_hash: string;
    totp_secret: string;
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totp_last_step: ColumnType<string | null, number | null, number | null>;
    roles: string[];
    disabled: Generated<boolean>;
    failed_count: Generated<number>;
    locked_until: Timestamp | null;
    last_sign_in_at: Timestamp | null;
    created_at: Timestamp;
  };
  staff_sessions: {
    token_hash: string;
    staff_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    expires_at: Timestamp;
    ended_at: Timestamp | null;
  };
  /** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
  staff_audit: {
    id: Generated<string>;
    at: Timestamp;
    staff_id: number | null;
    username: string;
    action: string;
    subject: string;
    before: Json<unknown> | null;
    after: Json<unknown> | null;
  };
  /**
   * Every name the console's search finds (migration 0029, kept by triggers): the names on an
   * order (order_id) and each believer's own (user_id), one of the two.
   */
  search_names: { name: string; order_id: number | null; user_id: number | null };
  sweeper_runs: { id: number; last_run_at: Timestamp };
  /** Days closed to ceremonies in the staff console, with the reason believers read. */
  ceremony_closed_days: { day: string; reason: string; closed_by: number | null; closed_at: Timestamp };
  rate_limits: { bucket: string; window_start: Timestamp; hits: number };
  /** One row: moved by triggers on every change a catalogue answer shows (migration 0010). */
  catalogue_version: { id: number; version: number };
}
