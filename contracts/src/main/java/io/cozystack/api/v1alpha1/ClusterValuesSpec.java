package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Map;

/**
 * Every {@code _cluster} key charts read, typed. Each field is projected under the key named in its
 * description (the field name in kebab case); lists are joined with ',', booleans and numbers
 * become strings, as Cozystack's platform chart renders them. An unset field is omitted, so a
 * consumer that requires it sees it missing rather than empty.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterValuesSpec(
    @Required
        @Pattern("^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$")
        @JsonPropertyDescription("Apex domain of tenant-root (_cluster.root-host).")
        String rootHost,
    @JsonPropertyDescription(
            "Name of the installed bundle variant, e.g. isp-full (_cluster.bundle-name).")
        String bundleName,
    @Default("http01") @JsonPropertyDescription("ACME solver for certificates (_cluster.solver).")
        Solver solver,
    @Default("letsencrypt-prod")
        @JsonPropertyDescription(
            "cert-manager ClusterIssuer for certificates (_cluster.issuer-name).")
        String issuerName,
    @JsonPropertyDescription(
            "Secret holding the wildcard TLS certificate (_cluster.wildcard-secret-name).")
        String wildcardSecretName,
    @JsonPropertyDescription(
            "Whether the platform must issue the wildcard certificate itself (_cluster.wildcard-issue).")
        Boolean wildcardIssue,
    @JsonPropertyDescription("DNS-01 provider, e.g. cloudflare (_cluster.dns01-provider).")
        String dns01Provider,
    @Default("cloudflare-api-token-secret")
        @JsonPropertyDescription("(_cluster.dns01-cloudflare-secret-name).")
        String dns01CloudflareSecretName,
    @Default("api-token") @JsonPropertyDescription("(_cluster.dns01-cloudflare-secret-key).")
        String dns01CloudflareSecretKey,
    @JsonPropertyDescription("(_cluster.dns01-route53-region).") String dns01Route53Region,
    @JsonPropertyDescription("(_cluster.dns01-route53-access-key-id).")
        String dns01Route53AccessKeyId,
    @JsonPropertyDescription("(_cluster.dns01-route53-secret-name).") String dns01Route53SecretName,
    @Default("secret-access-key") @JsonPropertyDescription("(_cluster.dns01-route53-secret-key).")
        String dns01Route53SecretKey,
    @Default("digitalocean-api-token-secret")
        @JsonPropertyDescription("(_cluster.dns01-digitalocean-secret-name).")
        String dns01DigitaloceanSecretName,
    @Default("access-token") @JsonPropertyDescription("(_cluster.dns01-digitalocean-secret-key).")
        String dns01DigitaloceanSecretKey,
    @JsonPropertyDescription("(_cluster.dns01-rfc2136-nameserver).") String dns01Rfc2136Nameserver,
    @JsonPropertyDescription("(_cluster.dns01-rfc2136-tsig-key-name).")
        String dns01Rfc2136TsigKeyName,
    @Default("HMACSHA256") @JsonPropertyDescription("(_cluster.dns01-rfc2136-tsig-algorithm).")
        String dns01Rfc2136TsigAlgorithm,
    @JsonPropertyDescription("(_cluster.dns01-rfc2136-secret-name).") String dns01Rfc2136SecretName,
    @Default("tsig-secret-key") @JsonPropertyDescription("(_cluster.dns01-rfc2136-secret-key).")
        String dns01Rfc2136SecretKey,
    @Default("false")
        @JsonPropertyDescription("Keycloak/OIDC authentication is on (_cluster.oidc-enabled).")
        Boolean oidcEnabled,
    @Default("false")
        @JsonPropertyDescription(
            "Skip TLS verification of the OIDC issuer (_cluster.oidc-insecure-skip-verify).")
        Boolean oidcInsecureSkipVerify,
    @JsonPropertyDescription(
            "Extra Keycloak redirect URI for the dashboard (_cluster.extra-keycloak-redirect-uri-for-dashboard).")
        String extraKeycloakRedirectUriForDashboard,
    @JsonPropertyDescription(
            "Keycloak URL reachable inside the cluster (_cluster.keycloak-internal-url).")
        String keycloakInternalUrl,
    @JsonPropertyDescription(
            "System services to publish, e.g. api, dashboard (_cluster.expose-services, joined with ',').")
        List<String> exposeServices,
    @Default("tenant-root")
        @JsonPropertyDescription(
            "Ingress class / Gateway namespace for system services (_cluster.expose-ingress).")
        String exposeIngress,
    @JsonPropertyDescription(
            "Separate ingress / Gateway for admin services (_cluster.expose-ingress-admin).")
        String exposeIngressAdmin,
    @JsonPropertyDescription(
            "External IPs of the published services (_cluster.expose-external-ips, joined with ',').")
        List<String> exposeExternalIps,
    @JsonPropertyDescription(
            "loadBalancerClass of published Services (_cluster.load-balancer-class).")
        String loadBalancerClass,
    @Default("false")
        @JsonPropertyDescription(
            "Published ingress speaks PROXY protocol (_cluster.proxy-protocol).")
        Boolean proxyProtocol,
    @Default("false")
        @JsonPropertyDescription(
            "Use Gateway API instead of ingress-nginx (_cluster.gateway-enabled).")
        Boolean gatewayEnabled,
    @JsonPropertyDescription(
            "Namespaces attached to the root Gateway (_cluster.gateway-attached-namespaces, joined with ',').")
        List<String> gatewayAttachedNamespaces,
    @Default("true")
        @JsonPropertyDescription(
            "tenant-root hosts the platform monitoring (_cluster.monitoring-enabled).")
        Boolean monitoringEnabled,
    @Default("cozy.local") @JsonPropertyDescription("Cluster DNS domain (_cluster.cluster-domain).")
        String clusterDomain,
    @JsonPropertyDescription("Public Kubernetes API endpoint (_cluster.api-server-endpoint).")
        String apiServerEndpoint,
    @JsonPropertyDescription("Registry mirror for images (_cluster.images-registry).")
        String imagesRegistry,
    @JsonPropertyDescription("Pod CIDR (_cluster.ipv4-cluster-cidr).") String ipv4ClusterCidr,
    @JsonPropertyDescription("Service CIDR (_cluster.ipv4-service-cidr).") String ipv4ServiceCidr,
    @JsonPropertyDescription("Join CIDR (_cluster.ipv4-join-cidr).") String ipv4JoinCidr,
    @Pattern("^[0-9]+(\\.[0-9]+)?$")
        @JsonPropertyDescription("CPU overcommit ratio, e.g. 10 (_cluster.cpu-allocation-ratio).")
        String cpuAllocationRatio,
    @Pattern("^[0-9]+(\\.[0-9]+)?$")
        @JsonPropertyDescription(
            "Memory overcommit ratio, e.g. 1 (_cluster.memory-allocation-ratio).")
        String memoryAllocationRatio,
    @Pattern("^[0-9]+(\\.[0-9]+)?$")
        @JsonPropertyDescription(
            "Ephemeral storage overcommit ratio, e.g. 40 (_cluster.ephemeral-storage-allocation-ratio).")
        String ephemeralStorageAllocationRatio,
    @PreserveUnknownFields
        @JsonPropertyDescription(
            "Dashboard and Keycloak branding (_cluster.branding), projected as is.")
        Map<String, com.fasterxml.jackson.databind.JsonNode> branding,
    @PreserveUnknownFields
        @JsonPropertyDescription(
            "Scheduling defaults, e.g. globalAppTopologySpreadConstraints (_cluster.scheduling), projected as is.")
        Map<String, com.fasterxml.jackson.databind.JsonNode> scheduling,
    @ValidationRule(
            value = "self.all(k, k.matches('^[a-z0-9][a-z0-9-]*$'))",
            message = "extension keys are lowercase kebab-case, like the _cluster keys")
        @JsonPropertyDescription(
            "Further _cluster keys, for catalog charts that read keys the platform does not type. A"
                + " typed key here is refused: set its field instead.")
        Map<String, String> extensions,
    @Default("ConfigMap")
        @JsonPropertyDescription(
            "What HelmReleases read cozystack-values from, platform-wide (a consumer may override it"
                + " with the annotation values.cozystack.io/transport). The ConfigMap is always"
                + " projected; the Secret is projected while this says Secret or while a Secret the"
                + " operator wrote still exists, so switching back and forth loses nothing.")
        ValuesTransport transport) {

  /** ACME challenge type. */
  public enum Solver {
    http01,
    dns01
  }
}
