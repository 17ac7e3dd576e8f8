{{- /* The tenant's etcd (its namespace; Kamaji's DataStore has that name), or a clear failure. */ -}}
{{- define "kubernetes.etcd" -}}
{{- $etcd := dig "etcd" "" (.Values._namespace | default dict) }}
{{- if not $etcd }}
{{- fail "_namespace.etcd is empty: the cluster's control plane keeps its state in the tenant's etcd; set etcd: true on this tenant or one of its parents" }}
{{- end }}
{{- $etcd }}
{{- end }}

{{- /* The worker node groups: the values' own, or the default group md0. */ -}}
{{- define "kubernetes.nodeGroups" -}}
{{- if .Values.nodeGroups }}
{{- toYaml .Values.nodeGroups }}
{{- else }}
md0:
  minReplicas: 0
  maxReplicas: 10
  instanceType: u1.medium
  diskSize: 20Gi
  roles: [ingress-nginx]
{{- end }}
{{- end }}

{{- /* Labels of every object of the cluster. */ -}}
{{- define "kubernetes.labels" -}}
cluster.x-k8s.io/cluster-name: {{ .Release.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- /*
  The management API server's addresses as /32 (or /128) CIDRs: isolation.managementApiServerCIDRs
  when given, else looked up (the default/kubernetes Service and its EndpointSlices) when the
  chart is rendered in the management cluster.
*/ -}}
{{- define "kubernetes.managementApiServerCIDRs" -}}
{{- $cidrs := .Values.isolation.managementApiServerCIDRs | default list }}
{{- if not $cidrs }}
{{- $service := lookup "v1" "Service" "default" "kubernetes" }}
{{- range ($service.spec | default dict).clusterIPs | default list }}
{{- $cidrs = append $cidrs (printf "%s/%s" . (ternary "128" "32" (contains ":" .))) }}
{{- end }}
{{- $slices := lookup "discovery.k8s.io/v1" "EndpointSlice" "default" "" }}
{{- range ($slices.items | default list) }}
{{- if eq (dig "metadata" "labels" "kubernetes.io/service-name" "" .) "kubernetes" }}
{{- range .endpoints | default list }}
{{- range .addresses | default list }}
{{- $cidrs = append $cidrs (printf "%s/%s" . (ternary "128" "32" (contains ":" .))) }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}
{{- toJson (uniq $cidrs) }}
{{- end }}

{{- /* kubelet --node-labels of a node group: (list name group). */ -}}
{{- define "kubernetes.nodeLabels" -}}
{{- $name := index . 0 }}
{{- $group := index . 1 }}
{{- $labels := list (printf "node.cozystack.io/node-group=%s" $name) }}
{{- range $group.roles | default list }}
{{- $labels = append $labels (printf "node-role.kubernetes.io/%s=" .) }}
{{- end }}
{{- join "," $labels }}
{{- end }}
