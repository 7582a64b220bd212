package dev.quintet.devices.web;

import dev.quintet.devices.registry.Device;
import dev.quintet.devices.registry.Devices;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.Templates;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

/** Finds the caller's device (another account's is a 404, like an unknown one), its template and datastreams. */
@Component
final class DeviceAccess {

    /** A device with its template. */
    record Owned(Device device, Template template) {

        Datastream datastream(String key) {
            return template.datastream(key).orElseThrow(() -> ApiException.notFound(
                    "device " + device.id() + " has no datastream '" + key + "' (use V0..V255 or a datastream name)"));
        }
    }

    private final Devices devices;
    private final Templates templates;

    DeviceAccess(Devices devices, Templates templates) {
        this.devices = devices;
        this.templates = templates;
    }

    Owned find(String id, HttpServletRequest request) {
        Device device = devices.find(Caller.account(request), Caller.pathId(id, "device"))
                .orElseThrow(() -> ApiException.notFound("no device " + id));
        return new Owned(device, templates.byId(device.templateId()).orElseThrow());
    }
}
