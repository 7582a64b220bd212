package dev.quintet.platform.web;

import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.platform.quota.Admission;
import dev.quintet.platform.quota.QuotaDecision;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/whoami}: the calling key's account, prefix, services and quota state. */
@RestController
final class WhoamiController {

    private final String service;

    WhoamiController(String service) {
        this.service = service;
    }

    @GetMapping(value = "/api/v1/whoami", produces = "application/json")
    Map<String, Object> whoami(@RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder,
                               @RequestAttribute(Admission.ATTRIBUTE) Admission admission) {
        QuotaDecision quota = admission.decision();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("service", service);
        body.put("account_id", holder.accountId().toString());
        body.put("key_prefix", holder.keyPrefix());
        body.put("services", holder.services());
        body.put("plan", holder.plan());
        Map<String, Object> windows = new LinkedHashMap<>();
        windows.put("minute", window(quota.minute()));
        windows.put("day", window(quota.day()));
        body.put("quota", windows);
        return body;
    }

    private static Map<String, Object> window(QuotaDecision.Window w) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("limit", w.limit());
        out.put("remaining", w.remaining());
        out.put("reset_seconds", w.resetSeconds());
        return out;
    }
}
