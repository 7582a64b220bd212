package dev.quintet.console.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class MoneyTest {

    @Test
    void showsDollarsWithCentsRoundedDown() {
        assertThat(Money.usd(new BigDecimal("10"))).isEqualTo("$10.00 USD");
        assertThat(Money.usd(new BigDecimal("0.00999999"))).isEqualTo("$0.00 USD");
        assertThat(Money.usd(new BigDecimal("1234567.891"))).isEqualTo("$1,234,567.89 USD");
        assertThat(Money.usd(new BigDecimal("-1.001"))).isEqualTo("-$1.01 USD");
    }
}
