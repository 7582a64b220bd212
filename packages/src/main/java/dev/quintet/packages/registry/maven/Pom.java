package dev.quintet.packages.registry.maven;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** The parts of one POM file we read; parent values are merged in by {@link EffectivePom}. */
record Pom(String groupId, String artifactId, String version, Coordinates parent, String name, String description,
           String url, String scmUrl, List<String> licenses, Map<String, String> properties,
           List<PomDependency> dependencies, List<PomDependency> managed) {

    record Coordinates(String groupId, String artifactId, String version) {
    }

    /** One dependency or dependencyManagement entry; exclusions are {@code groupId:artifactId}, either part maybe {@code *}. */
    record PomDependency(String groupId, String artifactId, String version, String scope, boolean optional, String type,
                         String classifier, List<String> exclusions) {

        PomDependency interpolated(Map<String, String> properties) {
            return new PomDependency(interpolate(groupId, properties), interpolate(artifactId, properties),
                    interpolate(version, properties), interpolate(scope, properties), optional,
                    interpolate(type, properties), interpolate(classifier, properties),
                    exclusions.stream().map(e -> interpolate(e, properties)).toList());
        }

        String name() {
            return groupId + ":" + artifactId;
        }

        /** The key Maven manages a dependency under: groupId, artifactId, type and classifier. */
        String managementKey() {
            return name() + ":" + (type == null ? "jar" : type) + ":" + (classifier == null ? "" : classifier);
        }

        boolean isBomImport() {
            return "import".equals(scope) && "pom".equals(type);
        }
    }

    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    static Pom parse(String xml) {
        Element project = document(xml).getDocumentElement();
        if (!"project".equals(project.getLocalName() == null ? project.getNodeName() : project.getLocalName())) {
            throw new IllegalStateException("root element is not <project>");
        }
        Element parentEl = child(project, "parent");
        Coordinates parent = parentEl == null ? null
                : new Coordinates(text(parentEl, "groupId"), text(parentEl, "artifactId"), text(parentEl, "version"));
        Map<String, String> properties = new LinkedHashMap<>();
        Element props = child(project, "properties");
        if (props != null) {
            for (Element p : children(props)) {
                properties.put(p.getTagName(), p.getTextContent().strip());
            }
        }
        List<String> licenses = new ArrayList<>();
        Element lic = child(project, "licenses");
        if (lic != null) {
            for (Element l : children(lic)) {
                String name = text(l, "name");
                licenses.add(name != null ? name : text(l, "url"));
            }
        }
        Element scm = child(project, "scm");
        Element management = child(project, "dependencyManagement");
        return new Pom(text(project, "groupId"), text(project, "artifactId"), text(project, "version"), parent,
                text(project, "name"), text(project, "description"), text(project, "url"),
                scm == null ? null : text(scm, "url"), licenses.stream().filter(s -> s != null).toList(), properties,
                dependencies(child(project, "dependencies")),
                management == null ? List.of() : dependencies(child(management, "dependencies")));
    }

    static String interpolate(String value, Map<String, String> properties) {
        if (value == null) {
            return null;
        }
        String out = value;
        for (int round = 0; round < 5 && out.contains("${"); round++) {
            Matcher m = PROPERTY.matcher(out);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(sb, Matcher.quoteReplacement(properties.getOrDefault(m.group(1), m.group())));
            }
            m.appendTail(sb);
            out = sb.toString();
        }
        return out;
    }

    private static List<PomDependency> dependencies(Element list) {
        List<PomDependency> out = new ArrayList<>();
        if (list != null) {
            for (Element d : children(list)) {
                out.add(new PomDependency(text(d, "groupId"), text(d, "artifactId"), text(d, "version"),
                        text(d, "scope"), "true".equals(text(d, "optional")), text(d, "type"), text(d, "classifier"),
                        exclusions(child(d, "exclusions"))));
            }
        }
        return out;
    }

    private static List<String> exclusions(Element list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            for (Element e : children(list)) {
                String group = text(e, "groupId");
                String artifact = text(e, "artifactId");
                out.add((group == null ? "*" : group) + ":" + (artifact == null ? "*" : artifact));
            }
        }
        return List.copyOf(out);
    }

    private static Document document(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setExpandEntityReferences(false);
            f.setNamespaceAware(false);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException("not well-formed XML: " + e.getMessage(), e);
        }
    }

    static Element child(Element parent, String name) {
        for (Element e : children(parent)) {
            if (e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    static String text(Element parent, String name) {
        Element e = child(parent, name);
        if (e == null) {
            return null;
        }
        String t = e.getTextContent().strip().replaceAll("\\s+", " ");
        return t.isEmpty() ? null : t;
    }

    static Document xml(String text) {
        return document(text);
    }
}
