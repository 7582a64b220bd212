package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class LimitResetTest {

    @Test
    void windowsStartOnTheDayTheMondayAndTheFirstOfTheMonth() {
        LocalDate sunday = LocalDate.of(2026, 11, 29);

        assertThat(LimitReset.DAILY.start(sunday)).isEqualTo(sunday);
        assertThat(LimitReset.WEEKLY.start(sunday)).isEqualTo(LocalDate.of(2026, 11, 23));
        assertThat(LimitReset.WEEKLY.start(LocalDate.of(2026, 11, 23))).isEqualTo(LocalDate.of(2026, 11, 23));
        assertThat(LimitReset.MONTHLY.start(sunday)).isEqualTo(LocalDate.of(2026, 11, 1));
        assertThat(LimitReset.DAILY.next(sunday)).isEqualTo(LocalDate.of(2026, 11, 30));
        assertThat(LimitReset.WEEKLY.next(sunday)).isEqualTo(LocalDate.of(2026, 11, 30));
        assertThat(LimitReset.MONTHLY.next(LocalDate.of(2026, 12, 31))).isEqualTo(LocalDate.of(2027, 1, 1));
    }

    @Test
    void namesAreTheWireNames() {
        assertThat(LimitReset.named("weekly")).contains(LimitReset.WEEKLY);
        assertThat(LimitReset.named("Weekly")).isEmpty();
        assertThat(LimitReset.MONTHLY.wireName()).isEqualTo("monthly");
    }

    @Test
    void aLimitIsFromZeroToAMillionDollarsInTheLedgersUnit() {
        assertThat(new KeyLimit(BigDecimal.ZERO, null).windowName()).isEqualTo("total");
        assertThat(new KeyLimit(new BigDecimal("1000000"), LimitReset.DAILY).windowName()).isEqualTo("daily");
        assertThat(new KeyLimit(new BigDecimal("0.00000001"), null).usd()).isEqualByComparingTo("0.00000001");
        assertThatThrownBy(() -> new KeyLimit(new BigDecimal("-0.01"), null)).hasMessageContaining("limit must be");
        assertThatThrownBy(() -> new KeyLimit(new BigDecimal("1000000.01"), null)).hasMessageContaining("limit must");
        assertThatThrownBy(() -> new KeyLimit(new BigDecimal("0.000000001"), null)).hasMessageContaining("8 decimals");
    }
}
