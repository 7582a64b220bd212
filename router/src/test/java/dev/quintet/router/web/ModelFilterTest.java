package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.catalog.Pricing;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code q} reaches descriptions too, which neither the shipped catalog nor the test configuration has. */
class ModelFilterTest {

    private static final Model POET = new Model("acme/bard-1", "Acme: Bard", 0, "Writes sonnets on request", null,
            List.of("text"), List.of("text"), List.of(new Endpoint("acme", "bard-1",
            Pricing.of(BigDecimal.ONE, BigDecimal.ONE), null, null, null)));

    private static boolean matches(String q) {
        return new ModelFilter(null, null, q, null).predicate().test(POET);
    }

    @Test
    void searchesTheDescriptionIgnoringCase() {
        assertThat(matches("SONNETS ON")).isTrue();
        assertThat(matches("bard")).as("id and name").isTrue();
        assertThat(matches("limericks")).isFalse();
    }

    @Test
    void aModelWithoutDescriptionIsSearchedByIdAndName() {
        Model plain = new Model(POET.id(), null, 0, null, null, List.of("text"), List.of("text"), POET.endpoints());

        assertThat(new ModelFilter(null, null, "acme/bard", null).predicate().test(plain)).isTrue();
        assertThat(new ModelFilter(null, null, "sonnets", null).predicate().test(plain)).isFalse();
    }
}
