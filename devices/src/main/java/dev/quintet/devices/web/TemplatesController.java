package dev.quintet.devices.web;

import dev.quintet.devices.paging.Cursor;
import dev.quintet.devices.paging.Page;
import dev.quintet.devices.templates.Datastream;
import dev.quintet.devices.templates.DatastreamSpec;
import dev.quintet.devices.templates.Template;
import dev.quintet.devices.templates.Templates;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.JsonNodeFactory;

/** Templates and their datastreams, per account. */
@RestController
@RequestMapping("/api/v1/templates")
final class TemplatesController {

    record TemplateRequest(String name, String description, List<DatastreamSpec> datastreams) {
    }

    private final Templates templates;

    TemplatesController(Templates templates) {
        this.templates = templates;
    }

    @PostMapping
    ResponseEntity<TemplateView> create(@RequestBody TemplateRequest body, HttpServletRequest request) {
        String name = Caller.name(body.name(), "name", true);
        List<DatastreamSpec> specs = body.datastreams() == null ? List.of() : body.datastreams();
        List<Datastream> streams = new ArrayList<>();
        Set<Integer> pins = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < specs.size(); i++) {
            String at = "datastreams[" + i + "].";
            Datastream d = specs.get(i).validated(at);
            if (!pins.add(d.pin()) || !names.add(d.name())) {
                throw ApiException.invalidParameter(at + "pin", at + "pin and name must be unique in a template, "
                        + d.pinName() + " or '" + d.name() + "' repeats");
            }
            streams.add(d);
        }
        Template t = templates.create(Caller.account(request), name, description(body.description()), streams);
        return ResponseEntity.status(HttpStatus.CREATED).body(TemplateView.of(t));
    }

    @GetMapping
    Page<TemplateView> list(@RequestParam(required = false) String cursor, @RequestParam(required = false) Integer limit,
                            HttpServletRequest request) {
        return templates.list(Caller.account(request), Cursor.decodeId(cursor), Cursor.limit(limit)).map(TemplateView::of);
    }

    @GetMapping("/{id}")
    TemplateView get(@PathVariable String id, HttpServletRequest request) {
        return TemplateView.of(template(id, request));
    }

    @PatchMapping("/{id}")
    TemplateView update(@PathVariable String id, @RequestBody TemplateRequest body, HttpServletRequest request) {
        if (body.datastreams() != null) {
            throw ApiException.invalidParameter("datastreams",
                    "datastreams are changed one by one with PUT /api/v1/templates/{id}/datastreams/{pin}");
        }
        Template t = template(id, request);
        return templates.update(t.accountId(), t.id(), Caller.name(body.name(), "name", false), description(body.description()))
                .map(TemplateView::of).orElseThrow(() -> notFound(id));
    }

    @DeleteMapping("/{id}")
    ResponseEntity<Void> delete(@PathVariable String id, HttpServletRequest request) {
        Template t = template(id, request);
        if (!templates.delete(t.accountId(), t.id())) {
            throw new ApiException(409, "template_in_use", "devices still use template " + id + "; delete them first");
        }
        return ResponseEntity.noContent().build();
    }

    @PutMapping("/{id}/datastreams/{pin}")
    TemplateView putDatastream(@PathVariable String id, @PathVariable String pin, @RequestBody DatastreamSpec body,
                               HttpServletRequest request) {
        Template t = template(id, request);
        int number = pinNumber(pin);
        Datastream d = new DatastreamSpec(JsonNodeFactory.instance.numberNode(number),
                body.name(), body.type(), body.unit(), body.min(), body.max(), body.options(), body.defaultValue()).validated("");
        if (t.datastreams().stream().anyMatch(o -> o.pin() != number && o.name().equals(d.name()))) {
            throw ApiException.invalidParameter("name", "name '" + d.name() + "' is taken by another datastream of this template");
        }
        templates.putDatastream(t.id(), d);
        return TemplateView.of(templates.byId(t.id()).orElseThrow());
    }

    @DeleteMapping("/{id}/datastreams/{pin}")
    ResponseEntity<Void> deleteDatastream(@PathVariable String id, @PathVariable String pin, HttpServletRequest request) {
        Template t = template(id, request);
        if (!templates.deleteDatastream(t.id(), pinNumber(pin))) {
            throw ApiException.notFound("template " + id + " has no datastream " + pin);
        }
        return ResponseEntity.noContent().build();
    }

    private Template template(String id, HttpServletRequest request) {
        return templates.find(Caller.account(request), Caller.pathId(id, "template")).orElseThrow(() -> notFound(id));
    }

    private static int pinNumber(String pin) {
        int number = Datastream.parsePin(pin);
        if (number < 0) {
            throw ApiException.invalidParameter("pin", "pin must be V0..V255, got '" + pin + "'");
        }
        return number;
    }

    private static String description(String description) {
        if (description != null && description.length() > 1000) {
            throw ApiException.invalidParameter("description", "description must be at most 1000 characters");
        }
        return description;
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("no template " + id);
    }
}
