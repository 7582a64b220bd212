package dev.quintet.devices.web;

import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.Template;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** A template as the API shows it. */
record TemplateView(UUID id, String name, String description, List<DatastreamView> datastreams, Instant createdAt,
                    Instant updatedAt) {

    /** A datastream as the API shows it. */
    record DatastreamView(String pin, String name, String type, String unit, Double min, Double max, List<String> options,
                          JsonNode defaultValue) {

        static DatastreamView of(Datastream d) {
            return new DatastreamView(d.pinName(), d.name(), d.type().key(), d.unit(), d.min(), d.max(),
                    d.options().isEmpty() ? null : d.options(), d.defaultValue());
        }
    }

    static TemplateView of(Template t) {
        return new TemplateView(t.id(), t.name(), t.description(), t.datastreams().stream().map(DatastreamView::of).toList(),
                t.createdAt(), t.updatedAt());
    }
}
