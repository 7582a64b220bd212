package dev.quintet.console.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.console.llm.LimitInput;
import dev.quintet.console.web.FieldErrors;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyFormTest {

    @Test
    void takesARouterKeyWithALimitAndItsReset() {
        FieldErrors errors = new FieldErrors();

        LimitInput limit = new KeyForm("ci", List.of("router", "packages"), "$1.25", "weekly").check(errors)
                .orElseThrow();

        assertThat(errors.isEmpty()).isTrue();
        assertThat(limit.limited()).isTrue();
        assertThat((BigDecimal) limit.body().get("limit")).isEqualByComparingTo("1.25");
        assertThat(limit.body().get("limit_reset")).isEqualTo("weekly");
    }

    @Test
    void takesAKeyWithoutALimitForAnyServiceAndDropsAResetWithoutOne() {
        FieldErrors errors = new FieldErrors();

        LimitInput limit = new KeyForm("", List.of("capture"), " ", "monthly").check(errors).orElseThrow();

        assertThat(errors.isEmpty()).isTrue();
        assertThat(limit.limited()).isFalse();
        assertThat(new KeyForm(null, List.of("router"), null, null).check(errors)).isPresent();
    }

    @Test
    void refusesALimitForAKeyThatMayNotCallTheRouter() {
        FieldErrors errors = new FieldErrors();

        assertThat(new KeyForm("ci", List.of("devices", "capture"), "5", "daily").check(errors)).isEmpty();

        assertThat(KeyForm.firstRefused(errors)).isEqualTo("limit");
        assertThat(errors.of("limit")).isEqualTo("limit applies to the LLM router only: choose the LLM router among "
                + "the key's services, or leave the limit blank");
    }

    @Test
    void refusesALimitThatIsNoAmountNamingTheField() {
        FieldErrors errors = new FieldErrors();

        assertThat(new KeyForm("ci", List.of("router"), "five", "none").check(errors)).isEmpty();

        assertThat(KeyForm.firstRefused(errors)).isEqualTo("limit");
        assertThat(errors.of("limit")).startsWith("limit must be an amount of US dollars such as 2.50");
    }

    @Test
    void refusesAnUnknownResetNamingTheField() {
        FieldErrors errors = new FieldErrors();

        assertThat(new KeyForm("ci", List.of("router"), "5", "yearly").check(errors)).isEmpty();

        assertThat(KeyForm.firstRefused(errors)).isEqualTo("limit_reset");
        assertThat(errors.of("limit_reset"))
                .isEqualTo("limit_reset must be none, daily, weekly or monthly, got “yearly”");
    }

    @Test
    void tellsTheRefusalsInTheOrderOfTheForm() {
        FieldErrors errors = new FieldErrors();

        assertThat(new KeyForm("x".repeat(101), List.of(), "five", "none").check(errors)).isEmpty();

        assertThat(KeyForm.firstRefused(errors)).isEqualTo("label");
        assertThat(errors.of("label")).isEqualTo("label must be at most 100 characters, got 101");
        assertThat(errors.of("services")).isEqualTo("choose at least one service for the key");
        assertThat(errors.has("limit")).isTrue();
        assertThat(KeyForm.firstRefused(new FieldErrors())).isNull();
    }
}
