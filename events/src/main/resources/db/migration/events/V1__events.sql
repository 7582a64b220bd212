CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA events;
CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA events;
CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA events;

CREATE TABLE events.categories (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    short_name  text NOT NULL
);

CREATE TABLE events.formats (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    short_name  text NOT NULL
);

CREATE TABLE events.organizers (
    id           bigserial PRIMARY KEY,
    account_id   uuid,
    name         text NOT NULL,
    description  text NOT NULL DEFAULT '',
    website      text,
    created_at   timestamptz NOT NULL
);

CREATE TABLE events.venues (
    id           bigserial PRIMARY KEY,
    name         text NOT NULL,
    address_1    text,
    city         text NOT NULL,
    region       text,
    postal_code  text,
    country      text NOT NULL,
    latitude     double precision NOT NULL,
    longitude    double precision NOT NULL,
    timezone     text NOT NULL,
    capacity     integer
);
CREATE INDEX venues_earth ON events.venues USING gist (events.ll_to_earth(latitude, longitude));

CREATE TABLE events.events (
    id                bigserial PRIMARY KEY,
    organizer_id      bigint NOT NULL REFERENCES events.organizers (id),
    venue_id          bigint REFERENCES events.venues (id),
    name              text NOT NULL,
    description_html  text NOT NULL DEFAULT '',
    description_text  text NOT NULL DEFAULT '',
    summary           text,
    timezone          text NOT NULL,
    start_utc         timestamptz NOT NULL,
    end_utc           timestamptz NOT NULL,
    status            text NOT NULL CHECK (status IN ('draft', 'live', 'started', 'ended', 'completed', 'canceled')),
    online_event      boolean NOT NULL,
    is_free           boolean NOT NULL,
    capacity          integer,
    currency          text NOT NULL DEFAULT 'USD',
    category_id       text REFERENCES events.categories (id),
    format_id         text REFERENCES events.formats (id),
    created_at        timestamptz NOT NULL,
    changed_at        timestamptz NOT NULL,
    search            tsvector NOT NULL,
    CHECK (end_utc > start_utc),
    CHECK (online_event = (venue_id IS NULL))
);
CREATE INDEX events_search ON events.events USING gin (search);
CREATE INDEX events_start ON events.events (start_utc, id);
CREATE INDEX events_venue ON events.events (venue_id);
CREATE INDEX events_category ON events.events (category_id, start_utc);

CREATE TABLE events.ticket_classes (
    id                bigserial PRIMARY KEY,
    event_id          bigint NOT NULL REFERENCES events.events (id) ON DELETE CASCADE,
    name              text NOT NULL,
    free              boolean NOT NULL,
    cost_minor        bigint,
    currency          text NOT NULL,
    quantity_total    integer NOT NULL,
    quantity_sold     integer NOT NULL DEFAULT 0,
    sales_start       timestamptz,
    sales_end         timestamptz,
    CHECK (free = (cost_minor IS NULL))
);
CREATE INDEX ticket_classes_event ON events.ticket_classes (event_id);

-- Eventbrite's public category and format ids and names (GET /v3/categories/, /v3/formats/).
INSERT INTO events.categories (id, name, short_name) VALUES
    ('101', 'Business & Professional', 'Business'),
    ('102', 'Science & Technology', 'Science & Tech'),
    ('103', 'Music', 'Music'),
    ('104', 'Film, Media & Entertainment', 'Film & Media'),
    ('105', 'Performing & Visual Arts', 'Arts'),
    ('106', 'Fashion & Beauty', 'Fashion'),
    ('107', 'Health & Wellness', 'Health'),
    ('108', 'Sports & Fitness', 'Sports & Fitness'),
    ('109', 'Travel & Outdoor', 'Travel & Outdoor'),
    ('110', 'Food & Drink', 'Food & Drink'),
    ('111', 'Charity & Causes', 'Charity & Causes'),
    ('112', 'Government & Politics', 'Government'),
    ('113', 'Community & Culture', 'Community'),
    ('114', 'Religion & Spirituality', 'Spirituality'),
    ('115', 'Family & Education', 'Family & Education'),
    ('116', 'Seasonal & Holiday', 'Holiday'),
    ('117', 'Home & Lifestyle', 'Home & Lifestyle'),
    ('118', 'Auto, Boat & Air', 'Auto, Boat & Air'),
    ('119', 'Hobbies & Special Interest', 'Hobbies'),
    ('120', 'School Activities', 'School Activities'),
    ('199', 'Other', 'Other');

INSERT INTO events.formats (id, name, short_name) VALUES
    ('1', 'Conference', 'Conference'),
    ('2', 'Seminar or Talk', 'Seminar'),
    ('3', 'Tradeshow, Consumer Show, or Expo', 'Expo'),
    ('4', 'Convention', 'Convention'),
    ('5', 'Festival or Fair', 'Festival'),
    ('6', 'Concert or Performance', 'Performance'),
    ('7', 'Screening', 'Screening'),
    ('8', 'Dinner or Gala', 'Gala'),
    ('9', 'Class, Training, or Workshop', 'Class'),
    ('10', 'Meeting or Networking Event', 'Networking'),
    ('11', 'Party or Social Gathering', 'Party'),
    ('12', 'Rally', 'Rally'),
    ('13', 'Tournament', 'Tournament'),
    ('14', 'Game or Competition', 'Game'),
    ('15', 'Race or Endurance Event', 'Race'),
    ('16', 'Tour', 'Tour'),
    ('17', 'Attraction', 'Attraction'),
    ('18', 'Camp, Trip, or Retreat', 'Camp'),
    ('19', 'Appearance or Signing', 'Appearance'),
    ('100', 'Other', 'Other');
