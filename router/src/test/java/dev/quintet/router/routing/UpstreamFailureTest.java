package dev.quintet.router.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class UpstreamFailureTest {

    private static UpstreamFailure failure(int status, String problem, String code) {
        return new UpstreamFailure(null, status, problem, Optional.empty(), code, 0);
    }

    @Test
    void aBadRequestIsTheCallersFaultUnlessItsCodeOrReasonSaysTheProviderIsAtFault() {
        assertThat(failure(400, "messages: roles must alternate", "invalid_request_error").callersFault()).isTrue();
        assertThat(failure(400, "The model was retired", "model_decommissioned").callersFault()).isFalse();
        assertThat(failure(400, "Your credit balance is too low to access the Anthropic API. Please go to Plans & "
                + "Billing to upgrade or purchase credits.", "invalid_request_error").callersFault()).isFalse();
        assertThat(failure(400, "field 'note': 'my credit balance is too low' is not allowed", "extra_forbidden")
                .callersFault()).isTrue();
    }
}
