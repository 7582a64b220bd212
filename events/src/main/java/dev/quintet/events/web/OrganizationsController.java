package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.organizing.EventPublishing;
import dev.quintet.events.organizing.Organization;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The caller's organization, scope {@code events:write}: {@code GET /v3/users/me/organizations/} (made on first
 * call), {@code POST /v3/organizations/{id}/events/} (a draft) and {@code POST /v3/organizations/{id}/venues/}.
 */
@RestController
final class OrganizationsController {

    private final CallerOrganizations organizations;
    private final EventPublishing publishing;
    private final EventViews views;

    OrganizationsController(CallerOrganizations organizations, EventPublishing publishing, EventViews views) {
        this.organizations = organizations;
        this.publishing = publishing;
        this.views = views;
    }

    @GetMapping("/v3/users/me/organizations/")
    Map<String, Object> mine(HttpServletRequest request) {
        Organization org = organizations.of(Caller.of(request).require("events:write"));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", String.valueOf(org.id()));
        json.put("name", org.name());
        json.put("organizer_id", String.valueOf(org.defaultOrganizerId()));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pagination", EventJson.pagination(1, 1, 1));
        body.put("organizations", List.of(json));
        return body;
    }

    @PostMapping("/v3/organizations/{organizationId}/events/")
    Map<String, Object> createEvent(@PathVariable String organizationId, @RequestBody JsonNode body, HttpServletRequest request) {
        Organization org = own(organizationId, request);
        return views.render(publishing.create(org, body), Set.of());
    }

    @PostMapping("/v3/organizations/{organizationId}/venues/")
    Map<String, Object> createVenue(@PathVariable String organizationId, @RequestBody JsonNode body, HttpServletRequest request) {
        Organization org = own(organizationId, request);
        return views.json().venue(publishing.addVenue(org, body));
    }

    private Organization own(String organizationId, HttpServletRequest request) {
        return organizations.own(Caller.of(request).require("events:write"), organizationId);
    }
}
