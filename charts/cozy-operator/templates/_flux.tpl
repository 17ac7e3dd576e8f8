{{- /* Flux's controllers (flux.enabled): shared labels and one Deployment per controller. */ -}}

{{- define "cozy-operator.flux.labels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/part-of: flux
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "cozy-operator.flux.selector" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- /*
A Flux controller's Deployment. Arguments: root (the chart's context), name, values (its values),
storage (true: it serves artifacts on port 9090 behind a Service of its name), args (its own flags),
grace (terminationGracePeriodSeconds).
*/ -}}
{{- define "cozy-operator.flux.deployment" -}}
{{- $flux := .root.Values.flux -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .name }}
  namespace: {{ .root.Release.Namespace }}
  labels: {{- include "cozy-operator.flux.labels" . | nindent 4 }}
spec:
  # One replica, replaced only after it stopped (Recreate), so no leader election (as Cozystack's
  # Flux and the test control plane run them); the Lease would need the in-pod namespace file too.
  replicas: 1
  strategy:
    type: Recreate
  selector:
    matchLabels: {{- include "cozy-operator.flux.selector" . | nindent 6 }}
  template:
    metadata:
      labels: {{- include "cozy-operator.flux.selector" . | nindent 8 }}
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: "8080"
    spec:
      serviceAccountName: {{ .name }}
      terminationGracePeriodSeconds: {{ .grace }}
      {{- with $flux.imagePullSecrets }}
      imagePullSecrets: {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        runAsNonRoot: true
        fsGroup: 1337
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: manager
          image: "{{ .values.image.repository }}:{{ .values.image.tag }}"
          imagePullPolicy: {{ $flux.imagePullPolicy }}
          args:
            - --watch-all-namespaces=true
            - --log-level={{ $flux.logLevel }}
            - --log-encoding=json
            - --enable-leader-election=false
            - --health-addr=:9440
            - --metrics-addr=:8080
            {{- if .storage }}
            - --storage-path=/data
            - --storage-addr=:9090
            - --storage-adv-addr={{ .name }}.$(RUNTIME_NAMESPACE).svc.{{ $flux.clusterDomain }}.
            {{- end }}
            {{- range .args }}
            - {{ . }}
            {{- end }}
          env:
            - name: RUNTIME_NAMESPACE
              valueFrom:
                fieldRef:
                  fieldPath: metadata.namespace
            {{- if .storage }}
            - name: TUF_ROOT
              value: /tmp/.sigstore
            {{- end }}
          ports:
            {{- if .storage }}
            - name: http
              containerPort: 9090
              protocol: TCP
            {{- end }}
            - name: http-prom
              containerPort: 8080
              protocol: TCP
            - name: healthz
              containerPort: 9440
              protocol: TCP
          livenessProbe:
            httpGet:
              path: /healthz
              port: healthz
          readinessProbe:
            httpGet:
              {{- if .storage }}
              path: /
              port: http
              {{- else }}
              path: /readyz
              port: healthz
              {{- end }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: [ALL]
          resources: {{- toYaml .values.resources | nindent 12 }}
          volumeMounts:
            {{- if .storage }}
            - name: data
              mountPath: /data
            {{- end }}
            - name: tmp
              mountPath: /tmp
      volumes:
        {{- if .storage }}
        - name: data
          emptyDir: {}
        {{- end }}
        - name: tmp
          emptyDir: {}
      {{- with $flux.nodeSelector }}
      nodeSelector: {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $flux.tolerations }}
      tolerations: {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}
