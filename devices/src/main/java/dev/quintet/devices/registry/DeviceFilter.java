package dev.quintet.devices.registry;

import java.util.UUID;

/** Filters of the device list; null fields do not filter. {@code name} matches a part of the name, any case. */
public record DeviceFilter(UUID templateId, Boolean online, String name) {
}
