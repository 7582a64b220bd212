package dev.quintet.console.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValueInputTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "integer  | 22        | 22",
            "double   | ' 21.5 '  | 21.5",
            "integer  | warm      | \"warm\"",
            "boolean  | on        | true",
            "boolean  | 0         | false",
            "boolean  | maybe     | \"maybe\"",
            "string   | ' hi '    | \" hi \"",
            "enum     | eco       | \"eco\"",
            "location | [2.35, 48.85] | [2.35,48.85]",
            "location | Paris     | \"Paris\""})
    void sendsWhatWasTypedAsTheDatastreamsTypeOrAsTextForTheApiToRefuse(String type, String typed, String json) {
        assertThat(ValueInput.parse(type, typed).toString()).isEqualTo(json);
    }

    @Test
    void takesCommandParamsAsAJsonObjectOrNothing() {
        assertThat(ValueInput.params("  ")).isNull();
        assertThat(ValueInput.params("{\"celsius\": 21}").toString()).isEqualTo("{\"celsius\":21}");
        assertThatThrownBy(() -> ValueInput.params("[1, 2]")).hasMessageContaining("params must be a JSON object");
        assertThatThrownBy(() -> ValueInput.params("{broken")).hasMessageContaining("params must be a JSON object");
    }
}
