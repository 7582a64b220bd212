package dev.quintet.capture.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The egress rules on their own; no lookup or connection leaves the machine (names resolve from a table). */
class EgressPolicyTest {

    private static final Map<String, String> DNS = Map.of(
            "rebind.example", "127.0.0.1",
            "intranet.example", "10.1.2.3",
            "v6-private.example", "fd12::1",
            "public.example", "93.184.216.34");

    private static List<InetAddress> lookup(String host) throws UnknownHostException {
        String address = DNS.get(host);
        if (address == null) {
            throw new UnknownHostException(host);
        }
        return List.of(InetAddress.getByName(address));
    }

    private final EgressPolicy strict = new EgressPolicy(EgressPolicyTest::lookup, false, List.of());

    @ParameterizedTest
    @ValueSource(strings = {
        "http://127.0.0.1/", "http://127.1/", "http://127.0.1/", "http://2130706433/", "http://0x7f000001/",
        "http://0x7f.0.0.1/", "http://0177.0.0.1/", "http://017700000001/", "http://127.255.255.254:8080/",
        "http://localhost/", "http://LOCALHOST./", "http://foo.localhost/", "http://[::1]/", "http://[0:0:0:0:0:0:0:1]/",
        "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::127.0.0.1]/", "http://0.0.0.0/",
        "http://0/", "http://[::]/", "http://10.0.0.1/", "http://10.255.255.255/", "http://172.16.0.1/",
        "http://172.31.255.1/", "http://192.168.1.1/", "http://169.254.169.254/latest/meta-data/",
        "HTTP://169.254.169.254/", "http://0xa9fea9fe/", "http://2852039166/", "http://[::ffff:169.254.169.254]/",
        "http://169.254.0.1/", "http://100.64.0.1/", "http://100.127.255.254/", "http://[fc00::1]/",
        "http://[fd00:ec2::254]/", "http://[fe80::1]/", "http://[fec0::1]/", "http://[2002:7f00:1::]/",
        "http://[2002:a9fe:a9fe::1]/", "http://[64:ff9b::7f00:1]/", "http://[64:ff9b::a9fe:a9fe]/",
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "http://224.0.0.1/", "http://239.255.255.250/",
        "http://255.255.255.255/", "http://[ff02::1]/", "http://metadata.google.internal/computeMetadata/v1/",
        "http://168.63.129.16/", "http://rebind.example/", "http://intranet.example/", "http://v6-private.example/",
        "http://192.0.2.1/", "http://198.18.0.1/", "https://127.0.0.1:443/", "http://user:pw@127.0.0.1/",
        "http://unknown-name.example/", "file:///etc/passwd", "FILE:///etc/passwd", "File://localhost/etc/passwd",
        "chrome://version", "view-source:http://public.example/", "data:text/html,<h1>x</h1>",
        "javascript:alert(1)", "ftp://public.example/", "gopher://public.example/", "ws://public.example/",
        "//public.example/", "public.example", "http:///path", "http://public.example\\@127.0.0.1/"
    })
    void refusesNonPublicAndNonHttpTargets(String url) {
        assertThatThrownBy(() -> strict.checkUrl(url)).isInstanceOf(EgressRefused.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http://127.0.0.1/|127.0.0.1 is loopback (127.0.0.0/8)",
        "http://localhost/|localhost is loopback (localhost)",
        "http://10.0.0.1/|is private (RFC 1918)",
        "http://169.254.169.254/|is a cloud metadata address",
        "http://100.64.0.1/|carrier-grade NAT",
        "http://[fd00::1]/|unique-local (fc00::/7)",
        "http://rebind.example/|rebind.example (127.0.0.1) is loopback",
        "file:///etc/passwd|url scheme must be http or https, got file"
    })
    void namesTheRuleThatRefusesATarget(String url, String rule) {
        assertThatThrownBy(() -> strict.checkUrl(url)).hasMessageContaining(rule);
    }

    @Test
    void acceptsPublicAddressesAndDialsTheCheckedOne() {
        Destination d = strict.checkUrl("https://public.example/page?q=1");

        assertThat(d.address().getHostAddress()).isEqualTo("93.184.216.34");
        assertThat(d.port()).isEqualTo(443);
        assertThat(strict.checkUrl("http://93.184.216.34:8080/").port()).isEqualTo(8080);
        assertThat(strict.checkUrl("http://[2606:2800:220:1:248:1893:25c8:1946]/").address()).isNotNull();
    }

    @Test
    void allowedNetworksOpenOnlyTheListedBlock() {
        EgressPolicy tests = new EgressPolicy(EgressPolicyTest::lookup, false, List.of("127.0.0.1/32"));

        assertThat(tests.checkUrl("http://127.0.0.1:8080/").address().getHostAddress()).isEqualTo("127.0.0.1");
        assertThatThrownBy(() -> tests.checkUrl("http://127.0.0.2/")).hasMessageContaining("loopback");
        assertThatThrownBy(() -> tests.checkUrl("http://10.0.0.1/")).hasMessageContaining("private");
    }

    @Test
    void allowingPrivateNetworksStillRefusesMetadataUnspecifiedAndMulticast() {
        EgressPolicy open = new EgressPolicy(EgressPolicyTest::lookup, true, List.of());

        assertThat(open.checkUrl("http://10.0.0.1/").address().getHostAddress()).isEqualTo("10.0.0.1");
        assertThat(open.checkUrl("http://[::1]/").port()).isEqualTo(80);
        assertThatThrownBy(() -> open.checkUrl("http://169.254.169.254/")).hasMessageContaining("metadata");
        assertThatThrownBy(() -> open.checkUrl("http://[::ffff:a9fe:a9fe]/")).hasMessageContaining("metadata");
        assertThatThrownBy(() -> open.checkUrl("http://0.0.0.0/")).hasMessageContaining("unspecified");
        assertThatThrownBy(() -> open.checkUrl("http://224.0.0.251/")).hasMessageContaining("multicast");
    }

    @Test
    void readsHostsAsBrowsersDo() {
        assertThat(HostNames.ipv4("2130706433")).hasValue("127.0.0.1");
        assertThat(HostNames.ipv4("0x7f.1")).hasValue("127.0.0.1");
        assertThat(HostNames.ipv4("0177.0.0.01")).hasValue("127.0.0.1");
        assertThat(HostNames.ipv4("10.1")).hasValue("10.0.0.1");
        assertThat(HostNames.ipv4("example.com")).isEmpty();
        assertThat(HostNames.ipv4("1.2.3.4.5")).isEmpty();
        assertThat(HostNames.ipv4("256.1.1.1")).isEmpty();
    }
}
