package dev.quintet.console.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.console.web.FieldErrors;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LimitInputTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2.5       | monthly | 2.5",
            "' 2.50 '  | daily   | 2.5",
            "$10       | weekly  | 10",
            "100       | none    | 100",
            "1000000   | monthly | 1000000",
            "0         | daily   | 0",
            ".5        | none    | 0.5",
            "0.00000001 | none   | 0.00000001",
            "-1         | none   | -1",
            "1000000.01 | daily  | 1000000.01",
            "0.000000001 | none  | 0.000000001"})
    void takesAnAmountOfDollarsAndAReset(String typed, String reset, String sent) {
        FieldErrors errors = new FieldErrors();

        LimitInput input = LimitInput.read(typed, reset, errors).orElseThrow();

        assertThat(errors.isEmpty()).isTrue();
        assertThat((BigDecimal) input.body().get("limit")).isEqualByComparingTo(sent);
        assertThat(input.body().get("limit_reset")).isEqualTo(reset.equals("none") ? null : reset);
    }

    @Test
    void sendsNullsToRemoveTheLimitAndDropsAResetWithoutOne() {
        Map<String, Object> none = new LinkedHashMap<>();
        none.put("limit", null);
        none.put("limit_reset", null);

        assertThat(LimitInput.read("  ", "monthly", new FieldErrors()).orElseThrow().body()).isEqualTo(none);
        assertThat(LimitInput.read(null, null, new FieldErrors()).orElseThrow().body()).isEqualTo(none);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "abc         | none    | limit     | limit must be an amount of US dollars such as 2.50",
            "1e3         | none    | limit     | limit must be an amount of US dollars such as 2.50",
            "1,5         | none    | limit     | limit must be an amount of US dollars such as 2.50",
            "5           | yearly  | limit_reset | limit_reset must be none, daily, weekly or monthly, got “yearly”"})
    void refusesWithAMessageNamingTheFieldAndTheRule(String typed, String reset, String field, String message) {
        FieldErrors errors = new FieldErrors();

        assertThat(LimitInput.read(typed, reset, errors)).isEmpty();
        assertThat(errors.of(field)).startsWith(message);
    }

    @Test
    void keepsALongRefusedInputShortInItsMessage() {
        FieldErrors errors = new FieldErrors();

        LimitInput.read("9".repeat(5000), "none", errors);

        assertThat(errors.of("limit")).startsWith("limit must be at most 40 characters").hasSizeLessThan(200);
    }
}
