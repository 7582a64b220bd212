package dev.quintet.packages.resolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Pep508MarkerTest {

    @ParameterizedTest(name = "{0} with extras [{1}] -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            python_version >= "3.8"                                              |           | true
            python_version < "3.10"                                              |           | false
            python_version == "3.12"                                             |           | true
            python_version ~= "3.11"                                             |           | true
            python_version != '3.12.*'                                           |           | false
            python_full_version >= "3.12.1"                                      |           | true
            python_full_version < '3.13'                                         |           | true
            "3.9" <= python_version                                              |           | true
            "3.13" <= python_version                                             |           | false
            sys_platform == "linux"                                              |           | true
            sys_platform == 'win32' or sys_platform == 'darwin'                  |           | false
            sys_platform != "win32" and platform_machine == "x86_64"             |           | true
            platform_system == "Linux" and (platform_machine == "aarch64" or platform_machine == "x86_64") | | true
            platform_python_implementation == 'PyPy'                             |           | false
            implementation_name == "cpython" and os_name == "posix"              |           | true
            'linux' in sys_platform                                              |           | true
            "win" not in sys_platform                                            |           | true
            platform_machine in "x86_64 amd64 AMD64"                             |           | true
            os.name == 'posix'                                                   |           | true
            extra == "socks"                                                     |           | false
            extra == "socks"                                                     | socks     | true
            extra == "Socks_Proxy"                                               | socks-proxy | true
            extra == 'test' and python_version < '3.11'                          | test      | false
            extra == 'test' or python_version < '3.11'                           | docs,test | true
            (python_version < "3.10" or extra == "all") and sys_platform == "linux" | all    | true
            platform_release >= "5"                                              |           | false
            """)
    void evaluatesMarkersForCpython312OnLinux(String marker, String extras, boolean expected) {
        Set<String> asked = extras == null ? Set.of() : Set.of(extras.split(","));

        assertThat(Pep508Marker.parse(marker).holds(PythonEnvironment.DEFAULT, asked)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"python_version >=", "python_version >= '3' and", "(python_version >= '3'",
            "unknown_var == 'x'", "python_version = '3'", "python_version >= 3.8", "python_version >= '3' xor os_name == ''"})
    void rejectsWhatIsNotPep508NamingTheMarker(String marker) {
        assertThatThrownBy(() -> Pep508Marker.parse(marker)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not PEP 508");
    }
}
