-- GPU overclocking (SPEC sections 3 and 5; docs/mining.md "Overclocking"): a user's
-- templates per coin, and per device what its agent was last told. Owned by
-- internal/overclock. Times are Unix milliseconds (UTC); a NULL time means "never".
CREATE TABLE overclock_templates (
    id              INTEGER PRIMARY KEY,
    user_id         BIGINT NOT NULL REFERENCES users (id),
    coin            TEXT NOT NULL REFERENCES coins (type),
    name            TEXT NOT NULL,
    gpu_category    TEXT NOT NULL,
    -- The six settings; NULL is unset. MHz (mem_* as the user typed them: double the
    -- tuning tool's value), W, percent.
    core_clock      BIGINT,
    core_clock_lock BIGINT,
    mem_clock       BIGINT,
    mem_clock_lock  BIGINT,
    power           BIGINT,
    fan             BIGINT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX overclock_templates_name ON overclock_templates (user_id, coin, name);

-- One row per device that was ever sent settings: the latest request and what its agent
-- answered. settings is a JSON snapshot of the six values at the request, so editing or
-- deleting the template later never changes what a rig was told. version grows by one
-- with every request; an acknowledgement names the version it answers.
CREATE TABLE overclock_devices (
    device_id       BIGINT PRIMARY KEY REFERENCES devices (id),
    template_id     BIGINT,
    template_name   TEXT NOT NULL,
    factory         BOOLEAN NOT NULL,
    settings        TEXT NOT NULL,
    state           TEXT NOT NULL,
    message         TEXT NOT NULL,
    version         BIGINT NOT NULL,
    requested_at    BIGINT NOT NULL,
    acknowledged_at BIGINT
);
CREATE INDEX overclock_devices_template ON overclock_devices (template_id);
