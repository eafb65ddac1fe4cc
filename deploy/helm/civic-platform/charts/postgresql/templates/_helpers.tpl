{{- define "postgresql.fullname" -}}{{ printf "%s-postgresql" .Release.Name | trunc 63 | trimSuffix "-" }}{{- end -}}
{{- /* The password comes from an existing Secret (no generated value: rendering stays deterministic). */ -}}
{{- define "postgresql.secretName" -}}{{ required "postgresql: set auth.existingSecret or global.existingSecret (node deploy/scripts/create-secrets.mjs creates it)" (.Values.auth.existingSecret | default (.Values.global).existingSecret) }}{{- end -}}
{{- define "postgresql.labels" -}}
app.kubernetes.io/name: postgresql
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: civic-platform
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}
{{- define "postgresql.selectorLabels" -}}
app.kubernetes.io/name: postgresql
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
{{- define "postgresql.image" -}}
{{- $registry := (.Values.global).imageRegistry | default .Values.image.registry -}}
{{- if $registry }}{{ printf "%s/%s:%s" $registry .Values.image.repository .Values.image.tag }}{{ else }}{{ printf "%s:%s" .Values.image.repository .Values.image.tag }}{{ end -}}
{{- end -}}
