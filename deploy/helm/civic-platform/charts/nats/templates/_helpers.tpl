{{- define "nats.fullname" -}}{{ printf "%s-nats" .Release.Name | trunc 63 | trimSuffix "-" }}{{- end -}}
{{- define "nats.labels" -}}
app.kubernetes.io/name: nats
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: civic-platform
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}
{{- define "nats.selectorLabels" -}}
app.kubernetes.io/name: nats
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
{{- define "nats.image" -}}
{{- $registry := (.Values.global).imageRegistry | default .Values.image.registry -}}
{{- if $registry }}{{ printf "%s/%s:%s" $registry .Values.image.repository .Values.image.tag }}{{ else }}{{ printf "%s:%s" .Values.image.repository .Values.image.tag }}{{ end -}}
{{- end -}}
