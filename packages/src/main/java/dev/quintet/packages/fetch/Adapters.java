package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.RegistryAdapter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The adapter of each ecosystem we have one for. */
public final class Adapters {

    private final Map<Ecosystem, RegistryAdapter> byEcosystem = new EnumMap<>(Ecosystem.class);

    public Adapters(List<RegistryAdapter> adapters) {
        adapters.forEach(a -> byEcosystem.put(a.ecosystem(), a));
    }

    public Optional<RegistryAdapter> of(Ecosystem ecosystem) {
        return Optional.ofNullable(byEcosystem.get(ecosystem));
    }

    public List<Ecosystem> supported() {
        return List.copyOf(byEcosystem.keySet());
    }
}
