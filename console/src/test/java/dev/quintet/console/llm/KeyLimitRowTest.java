package dev.quintet.console.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class KeyLimitRowTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void readsAMonthlyLimitAndTheSpendingOfThisMonth() {
        KeyLimitRow row = KeyLimitRow.of(key("""
                "limit": 2.5, "limit_remaining": 2.3875, "limit_reset": "monthly\""""));

        assertThat(row.id()).isEqualTo("0b7e2f0c-5d1a-4c47-9a0e-3f1e6a1d2b3c");
        assertThat(row.name()).isEqualTo("production");
        assertThat(row.label()).isEqualTo("qt_AbCd…wxyz");
        assertThat(row.limited()).isTrue();
        assertThat(row.spent()).isEqualByComparingTo("0.1125");
        assertThat(row.spentText()).isEqualTo("$0.1125");
        assertThat(row.window()).isEqualTo("this month");
        assertThat(row.limitText()).isEqualTo("$2.50 a month");
        assertThat(row.remainingText()).isEqualTo("$2.3875");
        assertThat(row.limitInput()).isEqualTo("2.5");
        assertThat(row.resetInput()).isEqualTo("monthly");
    }

    @Test
    void countsTheWindowOfEachReset() {
        KeyLimitRow daily = KeyLimitRow.of(key("\"limit\": 1, \"limit_reset\": \"daily\""));
        KeyLimitRow weekly = KeyLimitRow.of(key("\"limit\": 1, \"limit_reset\": \"weekly\""));

        assertThat(daily.spent()).isEqualByComparingTo("0.01");
        assertThat(daily.window()).isEqualTo("today");
        assertThat(daily.limitText()).isEqualTo("$1.00 a day");
        assertThat(weekly.spent()).isEqualByComparingTo("0.05");
        assertThat(weekly.limitText()).isEqualTo("$1.00 a week");
    }

    @Test
    void readsALimitThatNeverResetsAgainstAllTimeSpending() {
        KeyLimitRow row = KeyLimitRow.of(key("\"limit\": 10, \"limit_remaining\": 0, \"limit_reset\": null"));

        assertThat(row.spentText()).isEqualTo("$12.75");
        assertThat(row.window()).isEqualTo("all time");
        assertThat(row.limitText()).isEqualTo("$10.00 in total");
        assertThat(row.remainingText()).isEqualTo("$0.00");
        assertThat(row.resetInput()).isEqualTo("none");
    }

    @Test
    void readsAKeyWithoutALimit() {
        KeyLimitRow row = KeyLimitRow.of(key("\"limit\": null, \"limit_remaining\": null, \"limit_reset\": null"));

        assertThat(row.limited()).isFalse();
        assertThat(row.limitText()).isEqualTo("none");
        assertThat(row.remainingText()).isEqualTo("—");
        assertThat(row.limitInput()).isEmpty();
        assertThat(row.resetInput()).isEqualTo("none");
        assertThat(row.spentText()).isEqualTo("$12.75");
    }

    private static JsonNode key(String limit) {
        return JSON.readTree("""
                {"hash": "0b7e2f0c-5d1a-4c47-9a0e-3f1e6a1d2b3c", "name": "production", "label": "qt_AbCd…wxyz",
                 "disabled": false, %s, "include_byok_in_limit": false, "usage": 12.75, "usage_daily": 0.01,
                 "usage_weekly": 0.05, "usage_monthly": 0.1125, "created_at": "2026-01-05T10:00:00Z"}"""
                .formatted(limit));
    }
}
