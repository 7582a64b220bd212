package dev.quintet.console.keys;

import dev.quintet.console.llm.LimitInput;
import dev.quintet.console.web.FieldErrors;
import java.util.List;
import java.util.Optional;

/**
 * The "Create a key" form as sent: a label, the services the key may call and, for the LLM router only, an optional
 * spending limit with its reset ({@code limit} and {@code limit_reset}, read as the LLM usage page reads them).
 */
record KeyForm(String label, List<String> services, String limit, String limitReset) {

    static final int MAX_LABEL_LENGTH = 100;
    static final String LIMITED_SERVICE = "router";

    /** The fields in the order the form shows them, which is the order their refusals are told. */
    static final List<String> FIELDS = List.of("label", "services", "limit", "limit_reset");

    KeyForm {
        label = label == null ? "" : label;
        services = services == null ? List.of() : List.copyOf(services);
        limit = limit == null ? "" : limit;
        limitReset = limitReset == null ? "none" : limitReset;
    }

    /**
     * The limit to set once the key exists (one without a limit when none was typed), or empty with the reasons in
     * {@code errors} under the names of {@link #FIELDS}.
     */
    Optional<LimitInput> check(FieldErrors errors) {
        if (label.strip().length() > MAX_LABEL_LENGTH) {
            errors.add("label", "label must be at most " + MAX_LABEL_LENGTH + " characters, got "
                    + label.strip().length());
        }
        if (services.isEmpty()) {
            errors.add("services", "choose at least one service for the key");
        }
        Optional<LimitInput> input = LimitInput.read(limit, limitReset, errors);
        if (input.isPresent() && input.get().limited() && !services.contains(LIMITED_SERVICE)) {
            errors.add("limit", "limit applies to the LLM router only: choose the LLM router among the key's "
                    + "services, or leave the limit blank");
        }
        return errors.isEmpty() ? input : Optional.empty();
    }

    /** The first of {@link #FIELDS} refused in {@code errors}, or null. */
    static String firstRefused(FieldErrors errors) {
        return FIELDS.stream().filter(errors::has).findFirst().orElse(null);
    }
}
