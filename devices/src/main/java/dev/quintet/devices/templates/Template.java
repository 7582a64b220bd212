package dev.quintet.devices.templates;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** A kind of device: its datastreams are shared by every device made from it. */
public record Template(UUID id, UUID accountId, String name, String description, List<Datastream> datastreams,
                       Instant createdAt, Instant updatedAt) {

    /** The datastream named {@code key} ({@code V1}, {@code v1} or its name). */
    public Optional<Datastream> datastream(String key) {
        return datastreams.stream().filter(d -> d.matches(key)).findFirst();
    }

    public Optional<Datastream> datastream(int pin) {
        return datastreams.stream().filter(d -> d.pin() == pin).findFirst();
    }
}
