{{- /*
  Render-time checks of the module. The API server already refuses bad nodeGroups (a CEL rule in
  the ComputePlane kind's schema); these repeat it for any other way values reach the chart.
*/ -}}

{{- define "computeplane.checkReleaseName" -}}
{{- if ne .Release.Name .Chart.Name }}
{{- fail (printf "release %q: the ComputePlane module must be released as %q (one per tenant namespace; the cluster's kubeconfig Secret name depends on it); name the ComputePlane %q" .Release.Name .Chart.Name .Chart.Name) }}
{{- end }}
{{- end }}

{{- define "computeplane.checkEtcd" -}}
{{- if not (dig "etcd" "" (.Values._namespace | default dict)) }}
{{- fail "_namespace.etcd is empty: the ComputePlane's control plane keeps its state in the tenant's etcd; set etcd: true on this tenant or one of its parents" }}
{{- end }}
{{- end }}

{{- define "computeplane.checkIngressGroup" -}}
{{- if .Values.nodeGroups }}
{{- $found := false }}
{{- range $name, $group := .Values.nodeGroups }}
{{- if and (has "ingress-nginx" ($group.roles | default list)) (ge (int ($group.maxReplicas | default 0)) 1) }}
{{- $found = true }}
{{- end }}
{{- end }}
{{- if not $found }}
{{- fail "nodeGroups: no group has \"ingress-nginx\" in roles with maxReplicas >= 1; the ingress-nginx add-on is always on and runs only on such nodes: add the role to a group, or leave nodeGroups empty for the default group" }}
{{- end }}
{{- end }}
{{- end }}
