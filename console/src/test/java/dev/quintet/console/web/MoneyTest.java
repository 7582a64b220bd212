package dev.quintet.console.web;

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

    @Test
    void showsExactAmountsWithCentsAndEveryFurtherDigitThatCounts() {
        assertThat(Money.exact(new BigDecimal("0"))).isEqualTo("$0.00");
        assertThat(Money.exact(new BigDecimal("1E+2"))).isEqualTo("$100.00");
        assertThat(Money.exact(new BigDecimal("1000000"))).isEqualTo("$1,000,000.00");
        assertThat(Money.exact(new BigDecimal("0.00000001"))).isEqualTo("$0.00000001");
        assertThat(Money.exact(new BigDecimal("-0.5"))).isEqualTo("-$0.50");
        assertThat(Money.signed(new BigDecimal("-0.000123"))).isEqualTo("-$0.000123");
        assertThat(Money.signed(new BigDecimal("10"))).isEqualTo("+$10.00");
    }
}
